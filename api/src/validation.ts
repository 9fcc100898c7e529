// Request validation. Fastify's default Ajv coerces types everywhere, so `{"account": 5}` would
// pass as "5"; the contract calls a wrong type in a body malformed (400). Query strings, params
// and headers are text on the wire, so they keep coercion ("page=2" is the number 2).
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS with a default export; under NodeNext its type is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const common: Options = {
  allErrors: false,
  removeAdditional: true,
  useDefaults: true,
  strict: false,
};

function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  return ajv;
}

const strictAjv = withFormats(new Ajv({ ...common, coerceTypes: false }));
const coercingAjv = withFormats(new Ajv({ ...common, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema);
