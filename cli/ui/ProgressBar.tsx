import { Text } from "ink";

/** A bar for a percentage (0-100): ██████░░░░  60% */
export function ProgressBar({ percent, width = 30, color = "green" }: { percent: number; width?: number; color?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const filled = Math.round((value / 100) * width);
  return (
    <Text>
      <Text color={color}>{"█".repeat(filled)}</Text>
      <Text dimColor>{"░".repeat(width - filled)}</Text>
      {` ${String(value).padStart(3)}%`}
    </Text>
  );
}
