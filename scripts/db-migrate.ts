/**
 * `npm run db:migrate`: creates the lead store's tables in DATABASE_URL's database (completed
 * from the PG* variables, as the function does), or does nothing where they exist. Idempotent:
 * run it once before the first deploy with a database, and safely on every deploy after
 * (docs/deploying.md). Exits 2 without DATABASE_URL or when the database cannot be reached.
 */
import { Client } from "pg";
import { readConfig } from "../src/server/consultation/config";
import { describeConnection } from "../src/server/consultation/postgres/connection";
import { migrate } from "../src/server/consultation/postgres/schema";

async function main() {
  const config = readConfig(process.env);
  if (config.store.kind !== "postgres") {
    console.error(
      "db:migrate: DATABASE_URL is not set; without it the leads go to the outbox file, which needs no migration.",
    );
    process.exitCode = 2;
    return;
  }
  const client = new Client({ ...config.store.connection, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await migrate(client);
    console.log(
      `db:migrate: the lead store's tables are in place in ${describeConnection(config.store.connection)}.`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(`db:migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
});
