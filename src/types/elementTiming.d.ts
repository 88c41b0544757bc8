// The Element Timing attribute (the browser reports when the element was painted).
import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter must match React's declaration
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
