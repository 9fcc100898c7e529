// Many rows as a few array parameters, which `unnest` turns back into rows in the database. A
// statement over hundreds of rows then has a handful of parameters instead of thousands: the
// query builder assembles thousands slowly (a fifth of an alert evaluation's time when 1,000
// alerts fire at once), and the drivers send them one by one. Both drivers take a JS array as
// one array parameter.
import { sql, type Column, type SQL } from 'drizzle-orm';

/** `values` as one `integer[]` parameter. */
export const integers = (values: readonly (number | null)[]): SQL =>
  sql`${sql.param(values)}::integer[]`;

/** `values` as one `double precision[]` parameter. */
export const doubles = (values: readonly (number | null)[]): SQL =>
  sql`${sql.param(values)}::double precision[]`;

/** `values` as one `text[]` parameter. */
export const texts = (values: readonly (string | null)[]): SQL => sql`${sql.param(values)}::text[]`;

/** `values` as one `timestamptz[]` parameter (sent as ISO strings, which both drivers keep as is). */
export const instants = (values: readonly (Date | null)[]): SQL =>
  sql`${sql.param(values.map((value) => value?.toISOString() ?? null))}::timestamptz[]`;

/**
 * The rows a raw `execute` returned: both drivers answer `{ rows }`, with integers and text as
 * JS numbers and strings (timestamps differ: select them through the query builder instead).
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `column = any(values)`: one parameter however many values. */
export const anyOf = (column: Column, values: readonly number[]): SQL =>
  sql`${column} = any(${integers(values)})`;

/** Column names for an `insert into table (...)` list, unqualified as it needs them. */
export const columnList = (...columns: Column[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
