import Ajv, {
  type ErrorObject,
  type FuncKeywordDefinition,
  type SchemaValidateFunction,
  type ValidateFunction,
} from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import {
  DATE_FORMATS,
  ID_TEXT_KEYWORD,
  MAX_ID,
  NUMBER_TEXT_FORMATS,
  TEXT_FORMATS,
  describeSchemaError,
  parseId,
  type Described,
} from '@portal/contracts';

/**
 * An id written as text (`IdText`): `parseId` checks it (its pattern and `MAX_ID`, answered with the id's
 * own message), and the route gets the number it spells. Type coercion cannot do this: it reads "0x10" as 16.
 */
const validateIdText: SchemaValidateFunction = (_enabled, text: string, parentSchema, at) => {
  const id = parseId(text);
  if (id === null) {
    validateIdText.errors = [
      { keyword: 'maximum', params: { comparison: '<=', limit: MAX_ID }, parentSchema },
    ];
    return false;
  }
  if (at) (at.parentData as Record<string | number, unknown>)[at.parentDataProperty] = id;
  return true;
};
const idText: FuncKeywordDefinition = {
  keyword: ID_TEXT_KEYWORD,
  type: 'string',
  modifying: true,
  errors: true,
  validate: validateIdText,
};

/**
 * Two validators: query strings and params arrive as text and are coerced to their schema types;
 * JSON bodies are not coerced, so `{ "name": 5 }` is a 400 rather than the skill "5". Ids are never
 * coerced (see `idText`).
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
  ajv.addKeyword(idText);
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
