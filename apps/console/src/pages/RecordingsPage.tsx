export function RecordingsPage() { return null; }
