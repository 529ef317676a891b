// Handlers take their inputs' types from the generated contract (server/api/operation.ts): each operation's path
// parameters, query and JSON body as openapi.yaml declares them, and nothing for a part it does not have. These are
// checked by the type check (`npm run typecheck`); the runtime assertions only keep vitest from calling the file empty.
import { describe, expectTypeOf, it } from 'vitest';
import type { AvailabilityEdit, LoginRequest, UploadKind } from '#domain/api-schema.ts';
import type { JsonBody, OpRequest, PathParams, QueryParams } from '../../server/api/operation.ts';

describe('typed operation inputs', () => {
  it('path parameters, query and body of an operation are its own', () => {
    expectTypeOf<PathParams<'saveAvailabilities'>>().toEqualTypeOf<{ year: number; month: number }>();
    expectTypeOf<JsonBody<'saveAvailabilities'>>().toEqualTypeOf<AvailabilityEdit[]>();
    expectTypeOf<JsonBody<'login'>>().toEqualTypeOf<LoginRequest>();
    expectTypeOf<QueryParams<'downloadC4'>>().toEqualTypeOf<{ start: string; end: string }>();
    expectTypeOf<OpRequest<'uploadFile'>['params']['kind']>().toEqualTypeOf<UploadKind>();
  });

  it('a part the operation does not have cannot be read', () => {
    expectTypeOf<JsonBody<'getGeneralInfo'>>().toEqualTypeOf<undefined>();
    // Multipart bodies are read by the handler from the form, not given as `body`.
    expectTypeOf<JsonBody<'uploadFile'>>().toEqualTypeOf<undefined>();
    const params = {} as PathParams<'login'>;
    // @ts-expect-error login has no path parameter
    void params.email;
    const query = {} as QueryParams<'saveAvailabilities'>;
    // @ts-expect-error saveAvailabilities has no query
    void query.year;
  });
});
