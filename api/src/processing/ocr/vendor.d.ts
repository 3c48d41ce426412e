// @tesseract.js-data/<code> ship no types: CommonJS `{ code, gzip, langPath }`.
declare module '@tesseract.js-data/eng' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/deu' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/fra' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/nld' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/spa' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/ita' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/pol' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
