// Unit, saga and component tests (jsdom).
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test/unit', '<rootDir>/test/replay'],
  transform: { '^.+\\.(t|j)sx?$': require('./jest.swc.cjs') },
  transformIgnorePatterns: ['/node_modules/(?!(hls\\.js)/)'],
  // the SDK's sources import each other as ES modules do ('./player.js' for player.ts)
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // the SDK's React entry imports the main one by the package's name
    '^kino-player-sdk$': '<rootDir>/src/sdk/index.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/test/unit/setup.ts'],
};
