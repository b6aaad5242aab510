import { Value } from 'typebox/value';
import { Format } from 'typebox/format';
import type { TSchema } from 'typebox';
import { DATE_FORMATS } from './dates.ts';
import { NUMBER_TEXT_FORMATS } from './number-text.ts';
import { TEXT_FORMATS } from './text-formats.ts';
import { VISIBLE_TEXT_PATTERN } from './common.ts';
import { GENERAL_MESSAGES } from './messages.ts';

/** Patterns that only say "not blank": failing one means the field was left empty. */
const REQUIRED_TEXT_PATTERNS = [VISIBLE_TEXT_PATTERN, '\\S'];

/**
 * The one mapping from a schema failure to the words a person reads, used by the server's validator
 * (ajv) and by the browser's forms (TypeBox): a rule or a message lives in one place, the contract.
 */

/**
 * The browser checks the same string formats the server does. Registered on first use rather than at
 * import, so that pages which never check a form do not download the checker.
 */
let formatsRegistered = false;
/** Registers the string formats with TypeBox (before compiling a schema that uses them). */
export function registerFormats() {
  if (formatsRegistered) return;
  for (const [name, check] of Object.entries({ ...TEXT_FORMATS, ...DATE_FORMATS, ...NUMBER_TEXT_FORMATS }))
    Format.Set(name, check);
  formatsRegistered = true;
}

/** "mobile_number" → "Mobile number". */
function label(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? 'Value';
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return /^\d+$/.test(words) ? 'Each item' : words.charAt(0).toUpperCase() + words.slice(1);
}

export interface Described {
  /** One message for any failure of the field, or one per keyword (`{ pattern: '...' }`). */
  errorMessage?: string | Record<string, string>;
  /** A schema's `title` names the field in messages ("Minimum salary" rather than "Min salary"). */
  title?: string;
  properties?: Record<string, Described>;
}

const ownMessage = (schema: Described | undefined, keyword: string) =>
  typeof schema?.errorMessage === 'object' ? schema.errorMessage[keyword] : schema?.errorMessage;
/**
 * A message given for this keyword by name. A wrong type or an upper bound has its own generic words
 * unless a schema names them: a field's one message ("Select a state") would mislead there.
 */
const messageFor = (schema: Described | undefined, keyword: string) =>
  typeof schema?.errorMessage === 'object' ? schema.errorMessage[keyword] : undefined;

/** A validation error as ajv (server) and TypeBox (browser) both describe it. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown> | object;
}

/**
 * One sentence a person can act on, from a schema error and the schema of the value that failed (ajv's
 * `parentSchema`; see `fieldErrors` for TypeBox). A field's `title` names it; its `errorMessage` wins.
 */
export function describeSchemaError(error: SchemaError, schema: Described | undefined): string {
  const own = ownMessage(schema, error.keyword);
  const field = schema?.title ?? label(error.instancePath);
  const p = error.params as Record<string, unknown>;
  // Before the field's own message: "Title is required" would mislead for a title holding a NUL.
  if (error.keyword === 'format' && String(p.format) in TEXT_FORMATS)
    return GENERAL_MESSAGES.unsafeText(field);
  switch (error.keyword) {
    case 'required': {
      const missing = schema?.properties?.[String(p.missingProperty)];
      return (
        ownMessage(missing, 'required') ?? `${missing?.title ?? label(String(p.missingProperty))} is required`
      );
    }
    case 'additionalProperties':
      return `${label(String(p.additionalProperty))} is not an accepted field`;
    case 'minLength':
      return (
        own ?? (p.limit === 1 ? `${field} is required` : `${field} must be at least ${p.limit} characters`)
      );
    case 'pattern':
      return (
        own ??
        (REQUIRED_TEXT_PATTERNS.includes((schema as { pattern?: string } | undefined)?.pattern ?? '')
          ? `${field} is required`
          : `${field} is not in the expected format`)
      );
    case 'maxLength':
      return `${field} must be at most ${p.limit} characters`;
    case 'format':
      if (own) return own;
      return p.format === 'email'
        ? 'Please enter a valid email address'
        : `${field} must be a valid ${p.format}`;
    case 'type':
      // Only a message written for this keyword: a field's catch-all message speaks of its content.
      return (
        messageFor(schema, 'type') ??
        `${field} must be ${p.type === 'integer' ? 'a whole number' : `a ${p.type}`}`
      );
    case 'minimum':
      return own ?? `${field} must be at least ${p.limit}`;
    case 'maximum':
      return messageFor(schema, 'maximum') ?? `${field} must be at most ${p.limit}`;
    case 'const':
    case 'enum':
      return `${field} is not one of the allowed values`;
    case 'anyOf':
      return own ?? `${field} is not one of the allowed values`;
    case 'minProperties':
      return 'Nothing to change: send at least one field';
    case 'maxItems':
      return `${field} may hold at most ${p.limit} items`;
    case 'minItems':
      return own ?? `${field} needs at least ${p.limit} ${p.limit === 1 ? 'item' : 'items'}`;
    default:
      return own ?? `${field} is invalid`;
  }
}

/** The schema at a JSON pointer like `#/properties/name/items` inside `root`. */
function schemaAt(root: unknown, pointer: string): Described | undefined {
  let node = root as Record<string, unknown> | undefined;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = node?.[decodeURIComponent(part)] as Record<string, unknown> | undefined;
  }
  return node as Described | undefined;
}

/**
 * The failure to tell a person about, from the list a checker gives. A value that fits no alternative of
 * a union ("a number, or a number as text") fails the first alternative's type before anything else; the
 * failure of the alternative of its own type says more ("Experience cannot be negative" for the text
 * "-2", not "Experience must be a number"). Used by the server (ajv) and the browser (TypeBox) alike.
 */
export function reportableError<E extends { keyword: string; instancePath: string; schemaPath: string }>(
  errors: readonly E[],
): E | undefined {
  const first = errors[0];
  if (!first || first.keyword !== 'type' || !first.schemaPath.includes('anyOf')) return first;
  const own = errors.find(
    (e) =>
      e.instancePath === first.instancePath &&
      // A literal alternative (a blank '' allowed beside the number) says less than the number's own rule.
      !['type', 'anyOf', 'const', 'enum'].includes(e.keyword) &&
      e.schemaPath.includes('anyOf'),
  );
  return own ?? first;
}

/** The first failure of `value` against `schema`, in the server's words; undefined when it passes. */
export function firstError(schema: TSchema, value: unknown, path: string): string | undefined {
  // 'boolean' is TypeBox's twin of `additionalProperties`.
  const errors = [...Value.Errors(schema, value)].filter((e) => e.keyword !== 'boolean');
  const error = reportableError(errors);
  if (!error) return undefined;
  const p = error.params as Record<string, unknown>;
  const at = schemaAt(schema, error.schemaPath);
  const located = { ...error, instancePath: `${path}${error.instancePath}` };
  // TypeBox names what is missing or extra in lists; ajv one at a time: speak of the first.
  if (error.keyword === 'required') {
    const missing = (p.requiredProperties as string[] | undefined)?.[0];
    return describeSchemaError({ ...located, params: { missingProperty: missing } }, at);
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (p.additionalProperties as string[] | undefined)?.[0];
    return describeSchemaError({ ...located, params: { additionalProperty: extra } }, at);
  }
  return describeSchemaError(located, at);
}

/**
 * Checks `value` against an object `schema` as the server will, and gives one message per field (the
 * first failure of each), in the server's words: a missing required field under its own name, a field
 * the schema does not know under ''. Empty when the value passes.
 */
export function fieldErrors(schema: TSchema, value: Record<string, unknown>): Record<string, string> {
  registerFormats();
  const found: Record<string, string> = {};
  const object = schema as TSchema & {
    properties?: Record<string, TSchema>;
    required?: string[];
    additionalProperties?: boolean;
  };
  for (const [key, property] of Object.entries(object.properties ?? {})) {
    if (value[key] === undefined) {
      if (object.required?.includes(key)) {
        const message = describeSchemaError(
          { keyword: 'required', instancePath: '', params: { missingProperty: key } },
          object as Described,
        );
        found[key] = message;
      }
      continue;
    }
    const message = firstError(property, value[key], `/${key}`);
    if (message) found[key] = message;
  }
  if (object.additionalProperties === false) {
    const extra = Object.keys(value).find((k) => value[k] !== undefined && !(k in (object.properties ?? {})));
    if (extra) {
      found[''] = describeSchemaError(
        { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: extra } },
        object as Described,
      );
    }
  }
  return found;
}
