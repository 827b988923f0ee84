package feedback

import (
	"encoding/csv"
	"io"
)

// WriteCSV writes a table as CSV with the same care as Export: control characters are dropped
// (tabs and line breaks kept inside cells) and cells a spreadsheet would run as a formula get a
// leading apostrophe. The dashboard's downloads use it.
func WriteCSV(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, row := range rows {
		clean := make([]string, len(row))
		for i, v := range row {
			clean[i] = printable(v, true)
		}
		if err := cw.Write(cells(clean...)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
