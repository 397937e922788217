/**
 * The choices every render makes besides its values: the template (picked
 * from cards with a poster preview), format(s), language(s), resolution and
 * AQI standard. Shared by New render and Ingest.
 */
import type { AqiStandard, Template } from './model';
import { FORMATS, LANGUAGES, RESOLUTIONS } from './model';
import { localized, useLang, useT } from './i18n';
import { TemplatePreview, useTemplatePosters } from './template-preview';
import { Field } from './ui';

export interface RenderOptions {
  template: string;
  formats: string[];
  languages: string[];
  resolution: string;
  aqiStandard: string;
}

export const defaultOptions = (lang: string): RenderOptions => ({ template: '', formats: ['landscape'], languages: [LANGUAGES.find((l) => l === lang) ?? 'es'], resolution: '1080p', aqiStandard: 'us-epa' });

/** The template picker: a radio group of cards (arrow keys move between them). */
export function TemplatePicker({ templates, value, onChange }: { templates: Template[]; value: string; onChange: (id: string) => void }) {
  const t = useT();
  const lang = useLang();
  const posters = useTemplatePosters(templates.map((x) => x.id));
  return (
    <fieldset class="tpl-picker">
      <legend>{t('new.template')}</legend>
      <div class="tpl-grid">
        {templates.map((tp) => (
          <label key={tp.id} class={`tpl-card${value === tp.id ? ' selected' : ''}`}>
            <input type="radio" name="template" value={tp.id} checked={value === tp.id} onChange={() => onChange(tp.id)} class="sr-only-input" aria-label={localized(lang, `tpl.${tp.id}.name`, tp.name)} aria-describedby={`tpl-desc-${tp.id}`} />
            <TemplatePreview id={tp.id} poster={posters[tp.id]} />
            <span class="tpl-name">
              {localized(lang, `tpl.${tp.id}.name`, tp.name)}
              {tp.isDefault ? <span class="muted small"> · {t('new.default')}</span> : null}
            </span>
            <span class="muted small tpl-desc" id={`tpl-desc-${tp.id}`}>
              {localized(lang, `tpl.${tp.id}.desc`, tp.description)}
            </span>
            <span class="muted small">{t('new.tplMeta', { s: tp.durationSec, formats: tp.formats.map((f) => t(`format.${f}`)).join(', ') })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function toggle(list: string[], v: string, on: boolean): string[] {
  return on ? (list.includes(v) ? list : [...list, v]) : list.filter((x) => x !== v);
}

/** Formats, languages, resolution and standard; `multi` allows several formats and languages (one render each). */
export function OptionsFields({ value, onChange, template, standards, multi, errors = {} }: { value: RenderOptions; onChange: (v: RenderOptions) => void; template: Template | undefined; standards: AqiStandard[]; multi: boolean; errors?: Record<string, string> }) {
  const t = useT();
  const formats = template?.formats ?? [...FORMATS];
  return (
    <div class="form-grid options-grid">
      <fieldset class="choice">
        <legend>{multi ? t('new.formats') : t('param.format')}</legend>
        {formats.map((f) => (
          <label key={f} class="check">
            <input
              type={multi ? 'checkbox' : 'radio'}
              name="format"
              value={f}
              checked={value.formats.includes(f)}
              onChange={(e) => onChange({ ...value, formats: multi ? toggle(value.formats, f, e.currentTarget.checked) : [f] })}
            />
            {t(`format.${f}`)}
          </label>
        ))}
        {errors.format ? <small class="error">{errors.format}</small> : null}
      </fieldset>
      <fieldset class="choice">
        <legend>{multi ? t('new.languages') : t('param.language')}</legend>
        {LANGUAGES.map((l) => (
          <label key={l} class="check">
            <input
              type={multi ? 'checkbox' : 'radio'}
              name="language"
              value={l}
              checked={value.languages.includes(l)}
              onChange={(e) => onChange({ ...value, languages: multi ? toggle(value.languages, l, e.currentTarget.checked) : [l] })}
            />
            {t(`lang.${l}`)}
          </label>
        ))}
        {errors.language ? <small class="error">{errors.language}</small> : null}
      </fieldset>
      <Field label={t('param.resolution')} error={errors.resolution}>
        <select name="resolution" value={value.resolution} onChange={(e) => onChange({ ...value, resolution: e.currentTarget.value })}>
          {RESOLUTIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('param.aqiStandard')} error={errors.aqiStandard}>
        <select name="aqiStandard" value={value.aqiStandard} onChange={(e) => onChange({ ...value, aqiStandard: e.currentTarget.value })}>
          {standards.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
