/**
 * The places (ranking, comparison) or stations (station map) of a render as a
 * table to edit: a row per place, its coordinates and pollutant values, rows added
 * and removed, or filled at once from pasted CSV or spreadsheet cells. Cells the
 * form or the service found wrong are marked where they are.
 */
import { useState } from 'preact/hooks';
import { useT } from './i18n';
import { POLLUTANTS } from '@aqcast/vocabulary';
import { csvToPlaces, type PlaceRow } from './model';
import { Button, TableWrap } from './ui';

export type PlacesKind = 'places' | 'stations';

const emptyRow = (): PlaceRow => ({ name: '', lat: '', lon: '', values: {} });

/** Rows to start with: a ranking or comparison needs two places. */
export const startingRows = (): PlaceRow[] => [emptyRow(), emptyRow()];

export function PlacesTable({ kind, rows, onChange, errors }: { kind: PlacesKind; rows: PlaceRow[]; onChange: (rows: PlaceRow[]) => void; errors: Record<string, string> }) {
  const t = useT();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<{ n: number; unknown: string[]; missingName: boolean } | null>(null);
  const columns = ['name', 'lat', 'lon', ...POLLUTANTS] as const;
  const cell = (r: PlaceRow, c: (typeof columns)[number]) => (c === 'name' || c === 'lat' || c === 'lon' ? r[c] : r.values[c] ?? '');
  const setCell = (i: number, c: (typeof columns)[number], v: string) =>
    onChange(rows.map((r, j) => (j !== i ? r : c === 'name' || c === 'lat' || c === 'lon' ? { ...r, [c]: v } : { ...r, values: { ...r.values, [c]: v } })));
  const label = (c: (typeof columns)[number]) => (c === 'name' ? t('places.name') : c === 'lat' ? t('places.lat') : c === 'lon' ? t('places.lon') : t(`param.${c}`));
  // Every problem with the list, by its path: the list as a whole (too few, too many) and each marked cell.
  const problems = Object.entries(errors).filter(([k]) => k === kind || k.startsWith(`${kind}[`));

  return (
    <section class="card stack" aria-labelledby={`${kind}-h`}>
      <h2 id={`${kind}-h`}>{t(`${kind}.title`)}</h2>
      <p class="muted small">{t(`${kind}.hint`)}</p>
      <TableWrap label={t(`${kind}.title`)}>
        <table class="data places-table">
          <caption class="sr-only">{t(`${kind}.title`)}</caption>
          <thead>
            <tr>
              <th scope="col" class="num">#</th>
              {columns.map((c) => (
                <th key={c} scope="col">{label(c)}</th>
              ))}
              <th scope="col"><span class="sr-only">{t('places.remove')}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td class="num">{i + 1}</td>
                {columns.map((c) => {
                  const err = errors[`${kind}[${i}].${c}`];
                  return (
                    <td key={c} class={err ? 'cell-invalid' : undefined}>
                      <input
                        id={`${kind}-${i}-${c}`}
                        aria-label={`${label(c)} ${i + 1}`}
                        aria-invalid={err ? 'true' : undefined}
                        title={err}
                        inputMode={c === 'name' ? undefined : 'decimal'}
                        maxLength={c === 'name' ? 120 : 24}
                        size={c === 'name' ? 16 : 6}
                        value={cell(r, c)}
                        onInput={(e) => setCell(i, c, e.currentTarget.value)}
                      />
                    </td>
                  );
                })}
                <td>
                  <Button kind="ghost" aria-label={`${t('places.remove')} ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                    ×
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {problems.length ? (
        <ul class="error small" role="alert">
          {problems.map(([k, m]) => (
            <li key={k}>
              <code>{k}</code>: {m}
            </li>
          ))}
        </ul>
      ) : null}
      <div class="row">
        <Button onClick={() => onChange([...rows, emptyRow()])}>{t('places.add')}</Button>
      </div>
      <details>
        <summary>{t('places.paste')}</summary>
        <div class="stack">
          <p class="muted small">{t('places.pasteHint')}</p>
          <textarea id={`${kind}-csv`} aria-label={t('places.paste')} rows={5} class="mono" value={csv} placeholder={'name,lat,lon,pm25,no2\nSantiago,-33.45,-70.66,87.4,42'} onInput={(e) => setCsv(e.currentTarget.value)} />
          <div class="row">
            <Button
              onClick={() => {
                const parsed = csvToPlaces(csv);
                setReport({ n: parsed.rows.length, unknown: parsed.unknownColumns, missingName: parsed.missingName });
                if (!parsed.missingName && parsed.rows.length) onChange(parsed.rows);
              }}
            >
              {t('places.fill')}
            </Button>
            {report ? (
              <span class={report.missingName ? 'error' : 'muted'} role="status">
                {report.missingName ? t('places.noName') : t('places.filled', { n: report.n })}
                {report.unknown.length ? ` ${t('csv.unknownColumns', { cols: report.unknown.join(', ') })}` : ''}
              </span>
            ) : null}
          </div>
        </div>
      </details>
    </section>
  );
}
