import '@testing-library/jest-dom';
import '../../src/vast/xmlLibraryInNode'; // the VAST parser's XML library, at once
