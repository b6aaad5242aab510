import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import {
  DATE_FORMATS,
  NUMBER_TEXT_FORMATS,
  TEXT_FORMATS,
  describeSchemaError,
  type Described,
} from '@portal/contracts';

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
  addFormats(ajv, ['email', 'date-time', 'uri']);
  for (const [name, validate] of Object.entries({ ...TEXT_FORMATS, ...DATE_FORMATS, ...NUMBER_TEXT_FORMATS }))
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

/** The top-level body field a schema error is about (`/pan_number` or a missing one), if any. */
export function fieldOfValidationError(error: ErrorObject): string | undefined {
  if (error.keyword === 'required' && error.instancePath === '') {
    return String((error.params as { missingProperty?: unknown }).missingProperty);
  }
  return error.instancePath.split('/')[1] || undefined;
}

/** One sentence a person can act on, from the first schema error (the mapping lives in contracts). */
export function describeValidationError(error: ErrorObject): string {
  return describeSchemaError(error, error.parentSchema as Described | undefined);
}
