import { ID_TEXT_KEYWORD, parseId } from './constants.ts';
import { isCalendarDate } from './dates.ts';
import { TEXT_FORMATS, type TextFormat } from './text-formats.ts';

/**
 * The part of a JSON schema a list's URL params use: numbers with bounds, bounded text (pattern, date,
 * our text formats), choices (enum, const, anyOf) and lists of those. Plain data (see list-params.ts),
 * so that reading a URL needs no TypeBox in the browser.
 */
export interface ParamSchema {
  readonly type?: 'string' | 'integer' | 'number' | 'array';
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly ParamSchema[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly items?: ParamSchema;
  readonly maxItems?: number;
  /** A row id written as text (`IdText`): read by `parseId`, as the server reads it. */
  readonly [ID_TEXT_KEYWORD]?: true;
}

/** The value a param of schema S reads as. */
export type ParamValue<S> = S extends { type: 'array'; items: infer I }
  ? ParamValue<I>[]
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { const: infer C }
      ? C
      : S extends { anyOf: readonly (infer O)[] }
        ? ParamValue<O>
        : S extends { type: 'integer' | 'number' } | { [ID_TEXT_KEYWORD]: true }
          ? number
          : S extends { type: 'string' }
            ? string
            : never;

/** One value read as the server's query parser reads it ("2" → 2), or undefined when it does not pass. */
function scalar(schema: ParamSchema, raw: string | number | boolean): unknown {
  if (schema.anyOf) {
    for (const option of schema.anyOf) {
      const value = scalar(option, raw);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (schema[ID_TEXT_KEYWORD]) return parseId(raw) ?? undefined;
  if (schema.enum) return schema.enum.find((choice) => String(choice) === String(raw));
  if ('const' in schema) return String(schema.const) === String(raw) ? schema.const : undefined;
  if (schema.type === 'integer' || schema.type === 'number') {
    const text = String(raw).trim();
    const n = Number(text);
    // "2.5" is no page number: the server refuses it, and so does this (no rounding).
    if (text === '' || !Number.isFinite(n) || (schema.type === 'integer' && !Number.isInteger(n)))
      return undefined;
    if (schema.minimum !== undefined && n < schema.minimum) return undefined;
    if (schema.maximum !== undefined && n > schema.maximum) return undefined;
    return n;
  }
  if (schema.type === 'string') {
    const text = String(raw);
    if (schema.minLength !== undefined && text.length < schema.minLength) return undefined;
    if (schema.maxLength !== undefined && text.length > schema.maxLength) return undefined;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(text)) return undefined;
    if (schema.format === 'date' && !isCalendarDate(text)) return undefined;
    if (schema.format && schema.format in TEXT_FORMATS && !TEXT_FORMATS[schema.format as TextFormat](text))
      return undefined;
    return text;
  }
  return undefined;
}

/**
 * One search param of a URL read through its description in list-params.ts (the bounds the server's list
 * query applies), or undefined when it does not pass, so that a bad URL falls back to the default rather
 * than failing. A list (one value or several) keeps the items that pass, each once. It reads plain data
 * rather than a TypeBox schema through TypeBox's checker: every page's route tree validates its URL, and
 * the public pages should download neither.
 */
export function queryParam<S extends ParamSchema>(schema: S, raw: unknown): ParamValue<S> | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (schema.type === 'array' && schema.items) {
    const items = (Array.isArray(raw) ? raw : [raw]).map((item) => queryParam(schema.items!, item));
    const kept = [...new Set(items.filter((item) => item !== undefined))];
    if (kept.length === 0 || (schema.maxItems !== undefined && kept.length > schema.maxItems))
      return undefined;
    return kept as ParamValue<S>;
  }
  if (typeof raw === 'object') return undefined;
  return scalar(schema, raw as string | number | boolean) as ParamValue<S> | undefined;
}
