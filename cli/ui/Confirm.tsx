import { useEffect, useState } from "react";
import { Box, Text, useApp, useInput } from "ink";

/** A yes/no question; y answers yes, n, Enter or Esc answer no. */
export function Confirm({ message, onAnswer }: { message: string; onAnswer: (yes: boolean) => void }) {
  const { exit } = useApp();
  const [answer, setAnswer] = useState<boolean | null>(null);
  useInput(
    (input, key) => {
      const letter = input.toLowerCase();
      if (letter === "y") setAnswer(true);
      else if (letter === "n" || key.return || key.escape || (key.ctrl && letter === "c")) setAnswer(false);
    },
    { isActive: answer === null },
  );
  // Exit after the answer has been rendered, so the last frame shows it.
  useEffect(() => {
    if (answer === null) return;
    onAnswer(answer);
    exit();
  }, [answer, onAnswer, exit]);
  return (
    <Box>
      <Text>
        <Text color="yellow">?</Text> <Text bold>{message}</Text> <Text dimColor>{answer === null ? "(y/N)" : answer ? "yes" : "no"}</Text>
      </Text>
    </Box>
  );
}
