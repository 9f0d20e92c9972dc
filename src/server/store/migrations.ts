/** The database schema, one step per version; a step is never changed once released, only added to. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE submissions (
    id TEXT PRIMARY KEY,
    form TEXT NOT NULL,
    language TEXT NOT NULL CHECK (language IN ('de', 'en')),
    email TEXT NOT NULL,
    name TEXT,
    payload TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at TEXT NOT NULL,
    confirmed_at TEXT
  );
  CREATE INDEX submissions_form_created ON submissions (form, created_at);
  CREATE INDEX submissions_email ON submissions (email);

  CREATE TABLE attachments (
    id TEXT PRIMARY KEY,
    submission_id TEXT NOT NULL REFERENCES submissions (id),
    field TEXT NOT NULL,
    file_name TEXT NOT NULL,
    stored_path TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    sha256 TEXT NOT NULL
  );
  CREATE INDEX attachments_submission ON attachments (submission_id);

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    submission_id TEXT REFERENCES submissions (id),
    purpose TEXT NOT NULL,
    recipient TEXT NOT NULL,
    message TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_until INTEGER,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
  );
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

  CREATE TABLE newsletter_subscribers (
    email TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed')),
    subscribed_at TEXT NOT NULL,
    confirmed_at TEXT
  );
  `,
  `
  CREATE TABLE galaxy_accounts (
    uid TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    name TEXT,
    role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
    created_at TEXT NOT NULL
  );
  CREATE INDEX galaxy_accounts_email ON galaxy_accounts (email);

  CREATE TABLE galaxy_invitations (
    email TEXT PRIMARY KEY,
    role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
    invited_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  `,
  `
  CREATE TABLE storage_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at TEXT NOT NULL
  );
  `,
  `
  ALTER TABLE submissions ADD COLUMN withdrawn_at TEXT;
  CREATE INDEX submissions_status ON submissions (form, status);
  CREATE INDEX outbox_submission ON outbox (submission_id);
  `,
];
