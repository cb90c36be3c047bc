"""Reports: verdicts and runs as terminal text or JSON (one object per obligation)."""
