import type { ReactNode } from "react";
import { Box, Text } from "ink";

// Symbol and text share one <Text>: as separate boxes, Ink measures ✔ and ℹ two columns wide and pads them.

/** One-line outcomes: ✔ success, ✖ error, ℹ info, ⚠ warning. */
export function Success({ children }: { children: ReactNode }) {
  return (
    <Text>
      <Text color="green">✔</Text> {children}
    </Text>
  );
}

export function ErrorMessage({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <Box flexDirection="column">
      <Text color="red">
        <Text bold>✖</Text> {children}
      </Text>
      {hint ? <Text dimColor>{`  ${hint}`}</Text> : null}
    </Box>
  );
}

export function Info({ children }: { children: ReactNode }) {
  return (
    <Text>
      <Text color="cyan">ℹ</Text> {children}
    </Text>
  );
}

export function Warning({ children }: { children: ReactNode }) {
  return (
    <Text>
      <Text color="yellow">⚠</Text> {children}
    </Text>
  );
}
