// Placeholder: compiles Bree job files (filled in with the scheduler).
