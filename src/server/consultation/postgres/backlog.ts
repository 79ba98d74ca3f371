import { BACKLOG_IDS, type Backlog, type Incident } from "../store";

/**
 * What the operator's signals read from PostgreSQL (the store.ts contract): the backlog of leads
 * no channel has taken yet, counted in one statement (the status index narrows it to `pending`
 * and `failed` rows), and the open incident, a row of `consultation_settings`, so that the
 * re-send's next run, in whatever process, knows an alert went out.
 */

type Query = (sql: string, values: unknown[]) => Promise<object[]>;
type BacklogRow = { waiting: number; stuck: number; oldest: Date | null; ids: string[] | null };

/** The row of consultation_settings that holds the open incident, as JSON. */
const INCIDENT_SETTING = "stuck_leads_incident";

export async function readBacklog(query: Query, stuckBefore: number): Promise<Backlog> {
  const [row] = (await query(
    `SELECT count(*)::int AS waiting,
            count(*) FILTER (WHERE received_at < $1)::int AS stuck,
            min(received_at) AS oldest,
            (array_agg(id::text ORDER BY received_at) FILTER (WHERE received_at < $1))[1:$2] AS ids
     FROM consultation_requests
     WHERE status IN ('pending', 'failed')
       AND NOT jsonb_path_exists(delivery, '$.* ? (@.status == "delivered")')`,
    [new Date(stuckBefore), BACKLOG_IDS],
  )) as BacklogRow[];
  return {
    waiting: row.waiting,
    stuck: row.stuck,
    oldestWaiting: row.oldest?.toISOString(),
    stuckIds: row.ids ?? [],
  };
}

export async function readIncident(query: Query): Promise<Incident | undefined> {
  const rows = (await query("SELECT value FROM consultation_settings WHERE name = $1", [
    INCIDENT_SETTING,
  ])) as { value: string }[];
  return rows.length ? (JSON.parse(rows[0].value) as Incident) : undefined;
}

export async function writeIncident(query: Query, incident: Incident | undefined): Promise<void> {
  if (!incident) {
    await query("DELETE FROM consultation_settings WHERE name = $1", [INCIDENT_SETTING]);
    return;
  }
  await query(
    `INSERT INTO consultation_settings (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
    [INCIDENT_SETTING, JSON.stringify(incident)],
  );
}
