-- A brain's heading-to-tissue map: configuration, replaced whole by the owner; each change also leaves a receipt.
CREATE TABLE tissue_maps (
  brain         TEXT PRIMARY KEY,
  tissues_json  TEXT NOT NULL,
  updated_at_ms INTEGER NOT NULL
);
