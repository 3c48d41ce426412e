// @tesseract.js-data/eng ships no types: CommonJS `{ code, gzip, langPath }`.
declare module '@tesseract.js-data/eng' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
