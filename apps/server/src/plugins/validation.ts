import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { GENERAL_MESSAGES, TEXT_FORMATS } from '@portal/contracts';

/**
 * Two validators: query strings and params arrive as text and are coerced to their schema types;
 * JSON bodies are not coerced, so `{ "name": 5 }` is a 400 rather than the skill "5".
 */
function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    verbose: true,
    strict: false,
  });
  addFormats(ajv, ['email', 'date', 'date-time', 'uri']);
  for (const [name, validate] of Object.entries(TEXT_FORMATS))
    ajv.addFormat(name, { type: 'string', validate });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  return ajv;
}

const coercing = makeAjv(true);
const strictBodies = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strictBodies : coercing;
  return ajv.compile(schema as object) as ValidateFunction;
};

/** "mobile_number" → "Mobile number". */
function label(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? 'Value';
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return /^\d+$/.test(words) ? 'Each item' : words.charAt(0).toUpperCase() + words.slice(1);
}

interface Described {
  /** One message for any failure of the field, or one per keyword (`{ pattern: '...' }`). */
  errorMessage?: string | Record<string, string>;
  /** A schema's `title` names the field in messages ("Minimum salary" rather than "Min salary"). */
  title?: string;
  properties?: Record<string, Described>;
}

const ownMessage = (schema: Described | undefined, keyword: string) =>
  typeof schema?.errorMessage === 'object' ? schema.errorMessage[keyword] : schema?.errorMessage;

/** One sentence a person can act on, from the first schema error. A field's `title` names it. */
export function describeValidationError(error: ErrorObject): string {
  const schema = error.parentSchema as Described | undefined;
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
        own ?? (error.schema === '\\S' ? `${field} is required` : `${field} is not in the expected format`)
      );
    case 'maxLength':
      return `${field} must be at most ${p.limit} characters`;
    case 'format':
      return p.format === 'email'
        ? 'Please enter a valid email address'
        : `${field} must be a valid ${p.format}`;
    case 'type':
      return `${field} must be ${p.type === 'integer' ? 'a whole number' : `a ${p.type}`}`;
    case 'minimum':
      return `${field} must be at least ${p.limit}`;
    case 'maximum':
      return `${field} must be at most ${p.limit}`;
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
