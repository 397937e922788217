/**
 * Cities and metropolitan areas whose agencies publish air-quality bulletins (or
 * that bulletins are about), by their usual names in es/pt/en. A name found here
 * is a strong sign of the location; a name not found here can still be the
 * location (labels and headings), so this list only adds confidence.
 * Aliases map a written form to the name reported ("CDMX" → "Ciudad de México").
 */
const CITIES = `
Ciudad de México|Guadalajara|Monterrey|Puebla|Toluca|Tijuana|Mexicali|León|Querétaro|San Luis Potosí|Mérida|Aguascalientes|Chihuahua|Ciudad Juárez|Morelia|Cuernavaca|Pachuca|Saltillo|Torreón|Hermosillo|Culiacán|Oaxaca|Veracruz|Acapulco|Cancún|Salamanca|Irapuato|Celaya|Durango|Zacatecas|Tlaxcala|Villahermosa|Xalapa
Santiago|Temuco|Padre Las Casas|Coyhaique|Valparaíso|Viña del Mar|Concepción|Talcahuano|Chillán|Los Ángeles|Osorno|Puerto Montt|Rancagua|Talca|Curicó|Linares|Valdivia|Antofagasta|Calama|Iquique|Arica|La Serena|Copiapó|Quintero|Puchuncaví|Andacollo|Tocopilla|Huasco|Punta Arenas|Angol|Traiguén|Pitrufquén
Lima|Callao|Arequipa|Trujillo|Cusco|Chiclayo|Piura|Huancayo|Ilo|La Oroya
Bogotá|Medellín|Cali|Barranquilla|Cartagena|Bucaramanga|Cúcuta|Pereira|Manizales|Ibagué|Santa Marta|Valle de Aburrá
Buenos Aires|Córdoba|Rosario|Mendoza|La Plata|Mar del Plata|Tucumán|San Miguel de Tucumán|Salta|Neuquén|Bahía Blanca|Santa Fe|San Martín de los Andes
São Paulo|Rio de Janeiro|Belo Horizonte|Curitiba|Porto Alegre|Salvador|Recife|Fortaleza|Brasília|Vitória|Campinas|Cubatão|Santos|Sorocaba|Ribeirão Preto|São José dos Campos|Guarulhos|Osasco|Niterói|Duque de Caxias|Volta Redonda|Manaus|Belém|Goiânia|Florianópolis|João Pessoa|Maceió|Paulínia|Jaú|Santo André|São Bernardo do Campo|Mauá|Diadema|Canoas
Quito|Guayaquil|La Paz|El Alto|Cochabamba|Santa Cruz de la Sierra|Montevideo|Asunción|Caracas|Maracaibo|Valencia|Panamá|San José|Ciudad de Guatemala|San Salvador|Tegucigalpa|Managua|Santo Domingo|La Habana|San Juan
Madrid|Barcelona|Sevilla|Zaragoza|Málaga|Bilbao|Valladolid|Vigo|Gijón|Oviedo|Palma|Murcia|Alicante|Granada|Pamplona|Lisboa|Porto|Coimbra|Braga|Faro
Los Angeles|New York|Chicago|Houston|Phoenix|Philadelphia|San Antonio|San Diego|Dallas|Denver|Seattle|Boston|Atlanta|Miami|Salt Lake City|Sacramento|Fresno|Bakersfield|Riverside|San Bernardino|Las Vegas|Portland|Pittsburgh|Detroit|Minneapolis|St. Louis|Washington|Baltimore|San Francisco|Oakland|San Jose|El Paso|Albuquerque|Tucson|Austin|Fort Worth|Oklahoma City|Kansas City|Cleveland|Cincinnati|Columbus|Indianapolis|Nashville|Charlotte|Raleigh|Tampa|Orlando|New Orleans|Toronto|Montreal|Vancouver|Calgary|Edmonton|Ottawa
London|Manchester|Birmingham|Glasgow|Edinburgh|Cardiff|Belfast|Leeds|Liverpool|Sheffield|Bristol|Newcastle|Nottingham|Leicester|Southampton|Oxford|Cambridge|Dublin|Paris|Berlin|Rome|Roma|Milan|Milano|Amsterdam|Brussels|Vienna|Munich|Warsaw|Kraków|Prague|Athens|Istanbul
Delhi|New Delhi|Mumbai|Kolkata|Chennai|Bengaluru|Bangalore|Hyderabad|Ahmedabad|Pune|Lucknow|Kanpur|Agra|Varanasi|Patna|Jaipur|Faridabad|Ghaziabad|Gurugram|Noida|Navi Mumbai|Muzaffarpur|Chandigarh|Amritsar|Ludhiana|Bhopal|Indore|Nagpur|Visakhapatnam|Thiruvananthapuram|Kochi|Guwahati|Haldia|Panchkula|Jodhpur|Dhaka|Karachi|Lahore|Kathmandu|Colombo
Hong Kong|Singapore|Singapura|Kuala Lumpur|Jakarta|Bangkok|Manila|Hanoi|Ho Chi Minh City|Beijing|Shanghai|Guangzhou|Shenzhen|Chengdu|Wuhan|Taipei|Seoul|Busan|Tokyo|Osaka|Ulaanbaatar|Sydney|Melbourne|Brisbane|Perth|Adelaide|Auckland|Johannesburg|Cape Town|Durban|Cairo|Lagos|Nairobi|Accra|Addis Ababa|Tehran|Riyadh|Dubai|Tel Aviv
`;

const ALIASES: Record<string, string> = {
  cdmx: 'Ciudad de México',
  'ciudad de mexico': 'Ciudad de México',
  'mexico city': 'Ciudad de México',
  'cidade do mexico': 'Ciudad de México',
  'zona metropolitana del valle de mexico': 'Ciudad de México',
  'valle de mexico': 'Ciudad de México',
  'lima metropolitana': 'Lima',
  'lima y callao': 'Lima',
  'rio': 'Rio de Janeiro',
  'sao paulo': 'São Paulo',
  'santiago de chile': 'Santiago',
  'gran santiago': 'Santiago',
  'region metropolitana': 'Santiago',
  'bogota d.c': 'Bogotá',
  'bogota dc': 'Bogotá',
  'caba': 'Buenos Aires',
  'ciudad autonoma de buenos aires': 'Buenos Aires',
  'ciudad de buenos aires': 'Buenos Aires',
  'hong kong sar': 'Hong Kong',
  'nct of delhi': 'Delhi',
  'greater london': 'London',
  'greater manchester': 'Manchester',
  'los angeles county': 'Los Angeles',
  'la county': 'Los Angeles',
};

export const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const NAMES = new Map<string, string>();
for (const name of CITIES.split(/[|\n]/).map((s) => s.trim()).filter(Boolean)) NAMES.set(fold(name), name);
for (const [k, v] of Object.entries(ALIASES)) NAMES.set(k, v);

/** Every known name and alias as matched: folded (see `fold`). */
export const knownPlaceForms = (): string[] => [...NAMES.keys()];

export interface PlaceHit {
  name: string;
  start: number;
  end: number;
}

/*
 * Names are matched by hand rather than as one alternation of ~400 names: V8 compiled
 * that regex (250 ms the first time) again whenever its code had been flushed, which
 * cost a scanned page's parse 150–400 ms. Here each name is tried only where a word
 * starts with its first letter, longest name first, as the alternation did.
 */
const isLetter = (ch: string | undefined): boolean => ch !== undefined && ((ch >= 'a' && ch <= 'z') || (ch > '\x7f' && /\p{L}/u.test(ch)));

/** Folded names by first letter, longest first. */
function byFirstLetter(names: Iterable<string>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const n of [...names].sort((a, b) => b.length - a.length)) index.set(n[0]!, [...(index.get(n[0]!) ?? []), n]);
  return index;
}
const NAMES_BY_LETTER = byFirstLetter(NAMES.keys());

const foldKeepingLength = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Known city and metro names in a text (case and accents ignored), longest match first. */
export function knownPlaces(text: string): PlaceHit[] {
  // Same length as the (accent-free) text given: marks are stripped, whitespace is kept.
  return scan(foldKeepingLength(text), NAMES_BY_LETTER, (f, at, name) => (f.startsWith(name, at) && !isLetter(f[at + name.length]) ? at + name.length : -1), (name) => NAMES.get(name)!);
}

/** Left to right, the longest name starting at each word start that ends at a word end; the scan goes on after it. */
function scan(f: string, index: Map<string, string[]>, matchAt: (f: string, at: number, name: string) => number, report: (name: string, matched: string) => string | undefined): PlaceHit[] {
  const out: PlaceHit[] = [];
  let i = 0;
  while (i < f.length) {
    const candidates = isLetter(f[i - 1]) ? undefined : index.get(f[i]!);
    let end = -1;
    let name: string | undefined;
    for (const n of candidates ?? []) {
      end = matchAt(f, i, n);
      if (end >= 0) {
        name = n;
        break;
      }
    }
    if (name === undefined || end <= i) {
      i += 1;
      continue;
    }
    const reported = report(name, f.slice(i, end));
    if (reported) out.push({ name: reported, start: i, end });
    i = end;
  }
  return out;
}

/**
 * Names of six letters or more with a stray space allowed after any letter: OCR of
 * a fixed-width or letter-spaced font splits words at narrow letters ("Los Angel es
 * County", "Ri ver si de"). Shorter names are left out: "i lo" is not Ilo.
 */
const SPACED_NAMES = new Map<string, string>();
for (const [k, v] of NAMES) if (k.replace(/[^\p{L}]/gu, '').length >= 6) SPACED_NAMES.set(k.replace(/\s+/g, ''), v);
const SPACED_BY_LETTER = byFirstLetter([...NAMES.keys()].filter((k) => SPACED_NAMES.has(k.replace(/\s+/g, ''))));
const SPACELESS = new Map([...SPACED_BY_LETTER.values()].flat().map((n) => [n, n.replace(/\s+/g, '')]));

/**
 * Where `name` ends if it is written at `at` with at most one space after any of its
 * characters and any whitespace where it has a space, not followed by a letter; else -1.
 * The end leaves out trailing whitespace.
 */
function spacedEnd(f: string, at: number, name: string): number {
  const from = (k: number, j: number): number => {
    if (k === name.length) return isLetter(f[j]) ? -1 : j;
    if (name[k] === ' ') {
      // One or more whitespace characters, the longest first.
      let e = j;
      while (/\s/.test(f[e] ?? '')) e += 1;
      for (let x = e; x > j; x--) {
        const r = from(k + 1, x);
        if (r >= 0) return r;
      }
      return -1;
    }
    if (f[j] !== name[k]) return -1;
    if (f[j + 1] === ' ' && k + 1 < name.length) {
      const r = from(k + 1, j + 2);
      if (r >= 0) return r;
    }
    return from(k + 1, j + 1);
  };
  return from(0, at);
}

/** `knownPlaces` for OCR'd text: a name split by stray spaces is found too. */
export function knownPlacesSpaced(text: string): PlaceHit[] {
  const out = knownPlaces(text);
  const f = foldKeepingLength(text);
  // The text without its whitespace, and where each position of the text falls in it: a
  // name can only be written spaced at a position where its spaceless form starts.
  let compact = '';
  const at: number[] = [];
  for (const ch of f) {
    for (let u = 0; u < ch.length; u++) at.push(compact.length);
    if (!/\s/.test(ch)) compact += ch;
  }
  const matchAt = (g: string, i: number, name: string): number => (compact.startsWith(SPACELESS.get(name)!, at[i]!) ? spacedEnd(g, i, name) : -1);
  const spaced = scan(f, SPACED_BY_LETTER, matchAt, (_, matched) => SPACED_NAMES.get(matched.replace(/\s+/g, '')));
  for (const hit of spaced) if (!out.some((h) => h.start < hit.end && hit.start < h.end)) out.push(hit);
  return out.sort((a, b) => a.start - b.start);
}

/** The reported name of a known place, or null. */
export function knownPlace(name: string): string | null {
  return NAMES.get(fold(name).replace(/[.,]$/, '')) ?? null;
}
