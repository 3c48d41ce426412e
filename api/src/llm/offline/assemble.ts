// The answer in the schema's shape: found values, rows, and null for what the schema allows to
// be null and the document does not show; `missing` lists every path left empty.
import type { SchemaModel, ScalarField, TableField } from './fields';
import type { FoundField, OfflineExtraction } from './result';

export function assemble(
  model: SchemaModel,
  values: Map<ScalarField, unknown>,
  tableData: Map<TableField, Record<string, unknown>[]>,
  found: FoundField[],
  rows: Record<string, number>,
): Omit<OfflineExtraction, 'warnings'> {
  const missing: string[] = [];
  if (model.rootIsTable) {
    const table = model.tables[0]!;
    const data = tableData.get(table);
    if (!data) missing.push('(root)');
    return { data: data ?? [], found, missing, rows };
  }
  const out: Record<string, unknown> = {};
  const objectNames = new Set(model.objects.map((o) => o.name));
  const tableByName = new Map(model.tables.map((t) => [t.name, t]));
  const scalarByName = new Map(model.scalars.filter((f) => f.path.length === 1).map((f) => [f.name, f]));
  const props = (model.root.properties ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(props)) {
    if (objectNames.has(key)) {
      const obj = model.objects.find((o) => o.name === key)!;
      const child: Record<string, unknown> = {};
      let any = false;
      for (const f of obj.children) {
        if (values.has(f)) {
          child[f.name] = values.get(f);
          any = true;
        } else {
          missing.push(f.path.join('.'));
          if (f.nullable) child[f.name] = null;
        }
      }
      if (any) out[key] = child;
      else if (obj.nullable) out[key] = null;
      continue;
    }
    const table = tableByName.get(key);
    if (table) {
      const data = tableData.get(table);
      if (data) out[key] = data;
      else {
        missing.push(key);
        if (table.nullable) out[key] = null;
      }
      continue;
    }
    const field = scalarByName.get(key);
    if (!field) {
      // arrays of scalars, deeper objects: not read offline
      missing.push(key);
      continue;
    }
    if (values.has(field)) out[key] = values.get(field);
    else {
      missing.push(key);
      if (field.nullable) out[key] = null;
    }
  }
  return { data: out, found, missing, rows };
}
