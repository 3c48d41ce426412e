// Companies' legal forms and the endings of shop names, as a name ends with them: what tells a
// company's name (a letterhead, a footer's company), and what is no name of its own.

/**
 * Company endings: legal forms (Malaysia's "Sdn Bhd" with the letters OCR confuses in it, "S/B";
 * Germany's GmbH, AG, KG; Ltd, LLC, Inc, PLC; France's SARL, SAS; the Netherlands' B.V.; Spain's
 * S.L.; Italy's S.r.l., S.p.A.; Poland's sp. z o.o.; Singapore's Pte Ltd, Australia's Pty Ltd) and
 * the words small shops end their names with in English-writing countries.
 */
export const COMPANY_ENDING =
  /(?:^|[\s.(])(?:s[do0i]n\.?\s*[b8]hd|[b8]hd|[s5]\/b|gmbh|ag|kg|ohg|e\.\s?k|ltd|limited|llc|inc|corp(?:oration)?|plc|sarl|sas|b\.\s?v|n\.\s?v|s\.\s?l|s\.\s?r\.\s?l|s\.\s?p\.\s?a|sp\.\s?z\s?o\.\s?o|(?:pte|pty|pvt)\.?\s+ltd|enterprises?|trading|company)\.?,?$/i;

/**
 * A legal form and nothing else ("SDN BHD", "GmbH", "S/B", "Sp. z o.o.", Malaysia's "CO. (M) SDN
 * BHD"): the end of a name that a line break or a label split took, not a name; OCR's misreadings
 * of "Sdn Bhd" and of "CO." ("C0.") included.
 */
export const LEGAL_FORM_ALONE =
  /^(?:c[o0]\.?\s*(?:\(m\)\s*)?)?\(?(?:s[do0i]n\.?\s*[b8]hd|[b8]hd|s\/b|gmbh|ag|kg|ohg|se|ltd|limited|llc|inc|plc|sarl|s\.?a\.?s?|b\.?\s?v|n\.?\s?v|s\.?\s?l|s\.\s?r\.\s?l|s\.\s?p\.\s?a|sp\.\s?z\s?o\.\s?o|(?:pte|pty|pvt)\.?\s+ltd)\.?\)?,?$/i;
