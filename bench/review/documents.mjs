// The two documents of the review benchmark (run.mjs) and its differential check
// (provenance-diff.mjs): a generated 36-page manual and a 200-row table, with the schemas and
// prompts they are extracted with.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function manualLines() {
  const lines = [];
  for (let p = 1; p <= 36; p++) {
    lines.push({ page: p, text: `Chapter ${p}: Maintenance of assembly unit ${p}` });
    for (let s = 1; s <= 4; s++) {
      lines.push({ page: p, text: `Section ${p}.${s} Part number: PN-${String(p * 100 + s).padStart(5, '0')}` });
      lines.push({ page: p, text: `Revision date: ${MONTHS[(p + s) % 12]} ${(s * 7) % 28 + 1}, 2024` });
      lines.push({ page: p, text: `Replacement cost: ${(p * 13.7 + s).toFixed(2)} EUR including service` });
      for (let k = 0; k < 6; k++) lines.push({ page: p, text: `Check the fastening of bracket ${k + 1} and tighten to ${20 + k} Nm before restarting the unit; record the reading in the log.` });
    }
  }
  return lines.map((l, i) => ({ number: i + 1, page: l.page, text: l.text }));
}

export function tableLines() {
  const rows = [['Item', 'Qty', 'Unit price', 'Amount', 'Delivery']];
  for (let i = 1; i <= 200; i++) {
    const qty = (i % 9) + 1;
    const price = 3.25 * ((i % 17) + 1);
    rows.push([`Component ${String(i).padStart(3, '0')}`, String(qty), price.toFixed(2), (qty * price).toLocaleString('en-US', { minimumFractionDigits: 2 }), `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`]);
  }
  return [{ text: 'Delivery schedule for purchase order 88412' }, ...rows.map((r) => ({ text: r.join('   ') }))].map((l, i) => ({ number: i + 1, page: 1 + Math.floor(i / 60), text: l.text }));
}

export const MANUAL_SCHEMA = {
  type: 'object',
  properties: {
    chapter: { type: 'string', description: 'the chapter title' },
    part_number: { type: 'string', description: 'the part number' },
    revision_date: { type: 'string', description: 'the revision date' },
    replacement_cost: { type: 'number', description: 'the replacement cost' },
    torque: { type: 'string', description: 'the tightening torque' },
    unit: { type: 'string', description: 'the assembly unit' },
  },
};
export const TABLE_SCHEMA = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'number' }, unit_price: { type: 'number' }, amount: { type: 'number' }, delivery: { type: 'string' } } },
    },
  },
};
export const TEXT_PROMPT = { type: 'text', template: 'Extract the fields.\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}' };
export const TABLE_PROMPT = { type: 'table', template: 'One object per row.\n{{ schema_descriptions }}\nHeader: {{ header }}\nRows:\n{{ row_chunk }}' };


/** Both documents as run.mjs measures them. */
export function benchDocuments() {
  return [
    { name: '36-page manual (text chunks)', lines: manualLines(), schema: MANUAL_SCHEMA, chunkOptions: {}, prompt: TEXT_PROMPT, tablePrompt: TABLE_PROMPT },
    { name: '200-row table (table chunk)', lines: tableLines(), schema: TABLE_SCHEMA, chunkOptions: { maxChunkSize: 100_000 }, prompt: TEXT_PROMPT, tablePrompt: TABLE_PROMPT },
  ];
}
