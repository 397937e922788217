/**
 * Brands: the list (swatches, typeface, default flag, version), create and
 * edit (name, colour pickers, typeface, credit, logo upload with its plate,
 * intro/outro sting, default flag) and delete. While a stored brand is edited,
 * a poster of the default template in the unsaved colours, typeface and credit
 * is fetched (debounced) and shown beside the form; the service's legibility
 * adjustments are listed after each save.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { toBase64, type Brand, type BrandInput, type BrandPatch } from '@aqcast/client';
import { ApiError, client, useQuery } from '../api';
import { useT } from '../i18n';
import { hasScope } from '../session';
import { Button, DataTable, Empty, ErrorBanner, Field, fieldErrors, Loading, notify, Page } from '../ui';
import { DeleteDialog, useAction } from './contexts';

const COLOR_FIELDS = ['background', 'surface', 'text', 'accent'] as const;
type ColorField = (typeof COLOR_FIELDS)[number];
type Colors = Record<ColorField, string>;
const PLATES = ['auto', 'always', 'never'] as const;
/** Wait this long after the last change before asking for a new preview. */
const PREVIEW_DEBOUNCE_MS = 300;

export function BrandsPage() {
  const t = useT();
  const list = useQuery((c) => c.brands.list(), []);
  const canWrite = hasScope('brands:write');
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const brands = list.data?.brands ?? [];
  return (
    <Page
      title={t('nav.brands')}
      actions={
        canWrite && editing === null ? (
          <Button kind="primary" onClick={() => setEditing('new')}>
            {t('brands.new')}
          </Button>
        ) : null
      }
    >
      <p class="muted">{t('brands.intro')}</p>
      {editing !== null ? (
        <BrandEditor
          key={editing === 'new' ? 'new' : editing.brandId}
          brand={editing === 'new' ? null : editing}
          onSaved={(b) => {
            setEditing(b);
            list.reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <section class="card" aria-labelledby="brands-list">
        <h2 id="brands-list">{t('brands.list')}</h2>
        <ErrorBanner error={list.error} />
        {!list.data && list.loading ? <Loading /> : null}
        {list.data && brands.length === 0 ? <Empty>{t('brands.none')}</Empty> : null}
        {brands.length ? (
          <DataTable label={t('brands.list')} columns={[t('brands.col.name'), t('brands.col.colors'), t('brands.col.typeface'), t('brands.col.version'), ...(canWrite ? [t('shared.actions')] : [])]}>
            {brands.map((b) => (
              <tr key={b.brandId}>
                <td>
                  {b.name} {b.isDefault ? <span class="badge badge-completed">{t('brands.default')}</span> : null}
                  <div class="muted">
                    <code>{b.brandId}</code>
                  </div>
                </td>
                <td>
                  <span class="swatches">
                    {COLOR_FIELDS.map((f) => {
                      const c = b.effectiveColors[f];
                      return c ? <span key={f} class="swatch" style={{ background: c }} title={`${t(`brands.field.${f}`)} ${c}`} role="img" aria-label={`${t(`brands.field.${f}`)} ${c}`} /> : null;
                    })}
                  </span>
                </td>
                <td>{b.font ? b.font.family : b.typeface}</td>
                <td>{b.version}</td>
                {canWrite ? (
                  <td>
                    <div class="row">
                      <Button class="btn-small" onClick={() => setEditing(b)} aria-label={t('brands.edit.for', { name: b.name })}>
                        {t('brands.edit')}
                      </Button>
                      <Button class="btn-small" kind="danger" onClick={() => setDeleting(b)} aria-label={t('brands.delete.for', { name: b.name })}>
                        {t('shared.delete')}
                      </Button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </DataTable>
        ) : null}
      </section>
      <DeleteDialog
        open={deleting !== null}
        title={t('brands.delete.title')}
        confirm={t('shared.delete')}
        remove={deleting ? () => client.brands.delete(deleting.brandId, { ifMatch: deleting.version }) : null}
        onDeleted={() => {
          if (deleting) notify(t('brands.deleted', { name: deleting.name }), 'success');
          if (editing !== null && editing !== 'new' && editing.brandId === deleting?.brandId) setEditing(null);
          setDeleting(null);
          list.reload();
        }}
        onClose={() => setDeleting(null)}
      >
        <p>{t('brands.delete.body', { name: deleting?.name ?? '' })}</p>
      </DeleteDialog>
    </Page>
  );
}

/** The colours a form starts from: what the brand asked for, else what it draws. */
function colorsOf(brand: Brand | null): Colors {
  const fallback: Colors = { background: '#0D1533', surface: '#1A2550', text: '#FFFFFF', accent: '#5AA9FF' };
  if (!brand) return fallback;
  const pick = (f: ColorField) => brand.colors[f] ?? brand.effectiveColors[f] ?? fallback[f];
  return { background: pick('background'), surface: pick('surface'), text: pick('text'), accent: pick('accent') };
}

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** The colours to send: those chosen, when complete. */
function chosenColors(colors: Colors, chosen: readonly ColorField[]): Partial<Colors> {
  return Object.fromEntries(COLOR_FIELDS.filter((f) => chosen.includes(f) && HEX.test(colors[f])).map((f) => [f, colors[f].toUpperCase()]));
}
/** A card from its form fields: none without a length; the line only when one is written. */
const cardOf = (seconds: string, text: string) => (seconds.trim() === '' ? null : { durationSec: Number(seconds), ...(text.trim() === '' ? {} : { text: text.trim() }) });

function BrandEditor({ brand, onSaved, onClose }: { brand: Brand | null; onSaved: (b: Brand) => void; onClose: () => void }) {
  const t = useT();
  const faces = useQuery((c) => c.brands.typefaces(), []);
  const [name, setName] = useState(brand?.name ?? '');
  const [colors, setColors] = useState<Colors>(() => colorsOf(brand));
  // Only colours the brand sets or the user picked are sent: the others keep the default look (a dark panel default must not follow a light background by accident).
  const [chosen, setChosen] = useState<ColorField[]>(() => COLOR_FIELDS.filter((f) => brand?.colors[f]));
  const asked = chosenColors(colors, chosen);
  const [typeface, setTypeface] = useState<string>(brand?.typeface ?? 'inter');
  const [credit, setCredit] = useState(brand?.credit ?? '');
  const [logo, setLogo] = useState<{ name: string; data: string } | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [plate, setPlate] = useState<(typeof PLATES)[number]>(PLATES.find((p) => p === brand?.logo?.plate) ?? 'auto');
  const [intro, setIntro] = useState(brand?.intro ? String(brand.intro.durationSec) : '');
  const [outro, setOutro] = useState(brand?.outro ? String(brand.outro.durationSec) : '');
  const [introText, setIntroText] = useState(brand?.intro?.text ?? '');
  const [outroText, setOutroText] = useState(brand?.outro?.text ?? '');
  const [isDefault, setIsDefault] = useState(brand?.isDefault ?? false);
  const action = useAction();
  const fe = fieldErrors(action.error);
  const stale = action.error instanceof ApiError && action.error.status === 412;

  const save = async (e: Event) => {
    e.preventDefault();
    // The select offers only the typefaces the service lists; the service checks the id again.
    const common = { name: name.trim(), colors: asked, typeface: typeface as BrandInput['typeface'], credit, isDefault };
    if (brand) {
      const patch: BrandPatch = { ...common, intro: cardOf(intro, introText), outro: cardOf(outro, outroText) };
      if (logo) patch.logo = { data: logo.data, plate };
      else if (removeLogo) patch.logo = null;
      const saved = await action.run('save', () => client.brands.update(brand.brandId, patch, { ifMatch: brand.version }));
      if (saved) {
        notify(t('brands.saved', { name: saved.name, version: saved.version }), 'success');
        onSaved(saved);
      }
    } else {
      const body: BrandInput = { ...common };
      const i = cardOf(intro, introText);
      const o = cardOf(outro, outroText);
      if (i) body.intro = i;
      if (o) body.outro = o;
      if (logo) body.logo = { data: logo.data, plate };
      const created = await action.run('save', () => client.brands.create(body));
      if (created) {
        notify(t('brands.created', { name: created.name }), 'success');
        onSaved(created);
      }
    }
  };

  const chooseLogo = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return setLogo(null);
    setLogo({ name: file.name, data: toBase64(new Uint8Array(await file.arrayBuffer())) });
    setRemoveLogo(false);
  };

  return (
    <section class="card" aria-labelledby="brand-edit">
      <h2 id="brand-edit">{brand ? t('brands.editing', { name: brand.name }) : t('brands.new')}</h2>
      <div class="brand-editor">
        <form class="stack" onSubmit={save}>
          <ErrorBanner error={stale ? null : (action.error ?? faces.error)} />
          {stale ? (
            <div class="banner banner-error" role="alert">
              {t('brands.stale')}
            </div>
          ) : null}
          <Field label={t('brands.field.name')} error={fe.name}>
            <input required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </Field>
          <fieldset>
            <legend>{t('brands.colors')}</legend>
            <p class="muted">{t('brands.colors.hint')}</p>
            <div class="color-grid">
              {COLOR_FIELDS.map((f) => (
                <ColorPicker key={f} label={t(`brands.field.${f}`)} hexLabel={t('brands.field.hex', { name: t(`brands.field.${f}`) })} value={colors[f]} error={fe[`colors.${f}`] ?? fe[`/colors/${f}`]} onChange={(v) => {
                    setColors({ ...colors, [f]: v });
                    if (!chosen.includes(f)) setChosen([...chosen, f]);
                  }} />
              ))}
            </div>
          </fieldset>
          <div class="form-grid">
            <Field label={t('brands.field.typeface')} error={fe.typeface}>
              <select value={typeface} onChange={(e) => setTypeface(e.currentTarget.value)}>
                {(faces.data?.typefaces ?? [{ id: typeface, label: typeface, kind: 'sans' }]).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.label} ({t(`brands.kind.${f.kind}`)})
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('brands.field.credit')} hint={t('brands.credit.hint')} error={fe.credit}>
              <input maxLength={80} value={credit} onInput={(e) => setCredit(e.currentTarget.value)} />
            </Field>
            <Field label={t('brands.field.logo')} hint={logo ? t('brands.logo.chosen', { name: logo.name }) : brand?.logo ? t('brands.logo.current', { type: brand.logo.uploadedType, w: brand.logo.width, h: brand.logo.height }) : t('brands.logo.none')} error={fe['logo.data']}>
              <input type="file" accept="image/png,image/jpeg,image/svg+xml" onChange={(e) => void chooseLogo(e.currentTarget)} />
            </Field>
            <Field label={t('brands.field.plate')} error={fe['logo.plate']}>
              <select value={plate} onChange={(e) => setPlate(PLATES.find((p) => p === e.currentTarget.value) ?? 'auto')}>
                {PLATES.map((p) => (
                  <option key={p} value={p}>
                    {t(`brands.plate.${p}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('brands.field.intro')} error={fe['intro.durationSec']}>
              <input type="number" min={1} max={2} step={0.5} value={intro} onInput={(e) => setIntro(e.currentTarget.value)} />
            </Field>
            <Field label={t('brands.field.outro')} error={fe['outro.durationSec']}>
              <input type="number" min={1} max={2} step={0.5} value={outro} onInput={(e) => setOutro(e.currentTarget.value)} />
            </Field>
            <Field label={t('brands.field.introText')} error={fe['intro.text']}>
              <input maxLength={80} value={introText} onInput={(e) => setIntroText(e.currentTarget.value)} />
            </Field>
            <Field label={t('brands.field.outroText')} error={fe['outro.text']}>
              <input maxLength={80} value={outroText} onInput={(e) => setOutroText(e.currentTarget.value)} />
            </Field>
          </div>
          {brand?.logo && !logo ? (
            <label class="check">
              <input type="checkbox" style={{ flex: 'none' }} checked={removeLogo} onChange={(e) => setRemoveLogo(e.currentTarget.checked)} />
              {t('brands.logo.remove')}
            </label>
          ) : null}
          <label class="check">
            <input type="checkbox" style={{ flex: 'none' }} checked={isDefault} onChange={(e) => setIsDefault(e.currentTarget.checked)} />
            {t('brands.field.isDefault')}
          </label>
          <div class="row">
            <Button kind="primary" type="submit" busy={action.busy === 'save'}>
              {brand ? t('brands.save') : t('brands.create')}
            </Button>
            <Button kind="ghost" onClick={onClose}>
              {t('shared.cancel')}
            </Button>
          </div>
          {brand ? <Adjustments brand={brand} /> : null}
        </form>
        <LivePreview brand={brand} colors={asked} typeface={typeface} credit={credit} />
      </div>
    </section>
  );
}

/** A colour as a picker and as #RRGGBB text, kept in step (the text only reports a complete hex). */
function ColorPicker({ label, hexLabel, value, error, onChange }: { label: string; hexLabel: string; value: string; error?: string; onChange: (v: string) => void }) {
  const id = `c${useId()}`;
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>{label}</label>
      <span class="color-pair">
        <input id={id} type="color" value={HEX.test(value) ? value.toLowerCase() : '#000000'} aria-invalid={error ? 'true' : undefined} onInput={(e) => onChange(e.currentTarget.value.toUpperCase())} />
        <input
          class="hex"
          aria-label={hexLabel}
          maxLength={7}
          spellcheck={false}
          value={text}
          onInput={(e) => {
            const v = e.currentTarget.value.trim();
            setText(v);
            if (HEX.test(v)) onChange(v.toUpperCase());
          }}
        />
      </span>
      {error ? <small class="error">{error}</small> : null}
    </div>
  );
}

function Adjustments({ brand }: { brand: Brand }) {
  const t = useT();
  return (
    <div aria-live="polite">
      <h3>{t('brands.adjustments')}</h3>
      {brand.adjustments.length === 0 ? (
        <p class="muted">{t('brands.noAdjustments')}</p>
      ) : (
        <ul data-testid="brand-adjustments">
          {brand.adjustments.map((a) => (
            <li key={a.field}>{t('brands.adjustment', { field: a.field, from: a.from, to: a.to, before: a.ratioBefore.toFixed(1), after: a.ratio.toFixed(1), against: a.against })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The poster in the unsaved look, fetched again (debounced) as colours, typeface or credit change; the last one stays while the next loads. */
function LivePreview({ brand, colors, typeface, credit }: { brand: Brand | null; colors: Partial<Colors>; typeface: string; credit: string }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const seq = useRef(0);
  const key = JSON.stringify({ colors, typeface, credit, version: brand?.version });
  useEffect(() => {
    if (!brand) return;
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        // The select offers only the typefaces the service lists; the service checks the id again.
        const jpeg = await client.brands.preview(brand.brandId, { colors, typeface: typeface as BrandInput['typeface'], credit, resolution: '360p' });
        if (mine !== seq.current) return;
        const next = URL.createObjectURL(new Blob([jpeg], { type: 'image/jpeg' }));
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = next;
        setUrl(next);
        setError(null);
      } catch (err) {
        if (mine === seq.current) setError(err);
      } finally {
        if (mine === seq.current) setBusy(false);
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  useEffect(() => () => void (shown.current && URL.revokeObjectURL(shown.current)), []);
  return (
    <figure class="brand-preview" aria-busy={busy ? 'true' : undefined}>
      <figcaption>
        {t('brands.preview')} {busy ? <span class="muted">{t('brands.preview.updating')}</span> : null}
      </figcaption>
      <ErrorBanner error={error} />
      {!brand ? <p class="muted">{t('brands.preview.unsaved')}</p> : null}
      {url ? <img src={url} alt={t('brands.preview.alt', { name: brand?.name ?? '' })} data-testid="brand-preview" /> : brand && !error ? <Loading /> : null}
    </figure>
  );
}
