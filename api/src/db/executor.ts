// What a repository function runs its queries on: the database itself, or an open transaction
// when its writes must commit together with others (`db.transaction(async (tx) => ...)`).
import type { Database } from './client.js';

/** The `tx` that `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The database or a transaction: both have the query builder. */
export type Executor = Database | Transaction;
