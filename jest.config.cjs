// Unit, saga and component tests (jsdom).
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test/unit', '<rootDir>/test/replay'],
  transform: { '^.+\\.(t|j)sx?$': require('./jest.swc.cjs') },
  transformIgnorePatterns: ['/node_modules/(?!(hls\\.js)/)'],
  setupFilesAfterEnv: ['<rootDir>/test/unit/setup.ts'],
};
