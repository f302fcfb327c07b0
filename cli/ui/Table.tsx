import { Box, Text } from "ink";
import { COLUMN_GAP, cellText, columnWidths, padCell, type Column, type FieldList } from "../format";

/** A table with a bold header; `empty` is shown when there are no rows. Plain-text twin: formatTable. */
export function Table<Row>({ columns, rows, empty = "Nothing to show." }: { columns: Column<Row>[]; rows: Row[]; empty?: string }) {
  if (rows.length === 0) return <Text dimColor>{empty}</Text>;
  const sizes = columnWidths(columns, rows);
  return (
    <Box flexDirection="column">
      <Box>
        {columns.map((column, i) => (
          <Box key={column.header} width={sizes[i] + COLUMN_GAP}>
            <Text bold underline>
              {padCell(column.header, sizes[i], column.align)}
            </Text>
          </Box>
        ))}
      </Box>
      {rows.map((row, r) => (
        <Box key={r}>
          {columns.map((column, i) => (
            <Box key={column.header} width={sizes[i] + COLUMN_GAP}>
              <Text color={column.color?.(row)} wrap="truncate">
                {padCell(cellText(column, row), sizes[i], column.align)}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/** Label: value pairs, aligned. Plain-text twin: formatFields. */
export function Fields({ fields }: { fields: FieldList }) {
  const width = Math.max(...fields.map(([label]) => label.length)) + 1;
  return (
    <Box flexDirection="column">
      {fields.map(([label, value]) => (
        <Box key={label}>
          <Box width={width + 1}>
            <Text dimColor>{`${label}:`}</Text>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
    </Box>
  );
}
