// @tesseract.js-data/<code> ship no types: CommonJS `{ code, gzip, langPath }`, the same for
// every language.
declare module '@tesseract.js-data/*' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
