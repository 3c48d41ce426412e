const path = require('node:path');

module.exports = {
  ...require('../jest.preset.cjs')({ environment: 'jsdom', setupFiles: [path.join(__dirname, 'src/test/setup.ts')] }),
  // screens with dialogs and a real HTTP round trip take a few seconds on a shared machine
  testTimeout: 20_000,
};
