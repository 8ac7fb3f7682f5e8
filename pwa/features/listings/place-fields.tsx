import { useEffect, useMemo, useState } from 'react';
import { matchPlaces, placeEntry, placeKey } from '../../../api/contract/place-search.ts';
import { citiesOf, COUNTRIES, defaultCurrencyOf, GHANA_REGIONS } from '../../lib/contract.ts';
import { ComboboxField, type ComboboxOption } from '../../ui/combobox.tsx';
import { TextField } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select.tsx';
import { loadGhanaPlaces } from './ghana-places-loader.ts';
import { digitalAddressProblem, type ListingDraft } from './listing-form.schema.ts';
import { t, translateText, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

// Where a listing is (issue 33): the country, then for Ghana a region and a town suggested from
// the gazetteer (any town may be kept as typed once its region is chosen, as the server allows),
// elsewhere one of the country's cities.

type Props = { draft: ListingDraft; onChange: (patch: Partial<ListingDraft>) => void };
type GhanaPlaces = Awaited<ReturnType<typeof loadGhanaPlaces>>;

// Radix Select items cannot be empty: this stands for "no region".
const NO_REGION = '-';

/** The gazetteer once loaded; its import starts when a form with a place mounts, so an online visit caches it. */
function useGhanaPlaces(): GhanaPlaces | undefined {
  const [places, setPlaces] = useState<GhanaPlaces>();
  useEffect(() => {
    let live = true;
    loadGhanaPlaces().then(
      (module) => live && setPlaces(module),
      () => undefined, // offline and never cached: the town is still typed, and the server checks it
    );
    return () => {
      live = false;
    };
  }, []);
  return places;
}

export function PlaceFields({ draft, onChange }: Props) {
  const places = useGhanaPlaces();
  useT(enHost);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Changing the country clears the town, region and GPS address and picks its currency. */}
        <SelectField
          label={t('host.country')}
          value={draft.country}
          onValueChange={(country) =>
            onChange({ country, city: '', region: '', digitalAddress: '', currency: defaultCurrencyOf(country) })
          }
          options={COUNTRIES.map((country) => ({ value: country, label: country }))}
        />
        {draft.country === 'Ghana' && <RegionField draft={draft} onChange={onChange} places={places} />}
      </div>
      {draft.country === 'Ghana' ? (
        <>
          <GhanaTownField draft={draft} onChange={onChange} places={places} />
          <DigitalAddressField draft={draft} onChange={onChange} />
        </>
      ) : (
        <CityField draft={draft} onChange={onChange} />
      )}
    </>
  );
}

function RegionField({ draft, onChange, places }: Props & { places: GhanaPlaces | undefined }) {
  const choose = (value: string) => {
    const region = value === NO_REGION ? '' : value;
    // A listed town of another region goes; a town typed by hand stays, now in this region.
    const keepsTown =
      !region || !places || !draft.city || places.findTown(draft.city).kind === 'unknown'
        ? true
        : places.findTown(draft.city, region).kind === 'listed';
    onChange(keepsTown ? { region } : { region, city: '' });
  };
  return (
    <SelectField
      label={t('host.region')}
      placeholder={t('host.chooseRegion')}
      value={draft.region || NO_REGION}
      onValueChange={choose}
      options={[
        { value: NO_REGION, label: t('host.chooseRegion') },
        ...GHANA_REGIONS.map((region) => ({ value: region, label: region })),
      ]}
    />
  );
}

function GhanaTownField({ draft, onChange, places }: Props & { places: GhanaPlaces | undefined }) {
  const region = draft.region || undefined;
  const towns = places ? places.suggestTowns(draft.city, region) : [];
  // GeoNames holds two places of one name in one region (Ahwiaa): to the host they are one town.
  const options = [
    ...new Map<string, ComboboxOption>(
      towns.map((town) => [
        `${town.region}/${town.name}`,
        { value: `${town.region}/${town.name}`, label: town.name, detail: town.region },
      ]),
    ).values(),
  ];
  // A draft saved before regions were kept names a listed town: its region, once, as the list arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival; later typing ("Wa" on the way to "Walewale") must not set it
  useEffect(() => {
    if (!places || draft.region || !draft.city) return;
    const found = places.findTown(draft.city);
    if (found.kind === 'listed' && found.town.name === draft.city) onChange({ region: found.town.region });
  }, [places]);
  const lookup = places && draft.city.trim() ? places.findTown(draft.city, region) : undefined;
  const unlisted = lookup?.kind === 'unknown';
  // A town typed in full is the listed one: its spelling and region, as if picked.
  const commit = () => {
    if (!places || !draft.city.trim()) return;
    const found = places.findTown(draft.city, region);
    if (found.kind === 'listed') onChange({ city: found.town.name, region: found.town.region });
  };
  return (
    <ComboboxField
      label={t('host.town')}
      placeholder={t('host.townPlaceholder')}
      value={draft.city}
      onValueChange={(city) => onChange({ city })}
      options={options}
      onPick={(option) => onChange({ city: option.label, region: option.detail ?? '' })}
      onCommit={commit}
      {...(region ? { emptyText: t('host.townNotListed', { town: draft.city.trim() }) } : {})}
      hint={
        <>
          {unlisted &&
            (region ? (
              <p className="text-sm text-stone-800">{t('host.townTyped', { town: draft.city.trim(), region })}</p>
            ) : (
              <p className="text-sm text-stone-800">{t('host.townHint')}</p>
            ))}
          <p>{t('host.townsCredit')}</p>
        </>
      }
    />
  );
}

function CityField({ draft, onChange }: Props) {
  const entries = useMemo(() => citiesOf(draft.country).map((name) => placeEntry({ name })), [draft.country]);
  const options = matchPlaces(entries, draft.city).map(({ name }) => ({ value: name, label: name }));
  const known = entries.find((entry) => entry.key === placeKey(draft.city));
  const commit = () => {
    if (known && known.name !== draft.city) onChange({ city: known.name });
  };
  return (
    <ComboboxField
      label={t('host.city')}
      placeholder={t('host.cityPlaceholder')}
      value={draft.city}
      onValueChange={(city) => onChange({ city })}
      options={options}
      onPick={(option) => onChange({ city: option.value })}
      onCommit={commit}
      emptyText={t('host.noSuchCity')}
      error={draft.city.trim() && !known && options.length === 0 ? t('host.chooseCity') : undefined}
    />
  );
}

/** A Ghanaian listing's GhanaPost GPS address: optional, checked by the contract's rule once the host leaves it. */
function DigitalAddressField({ draft, onChange }: Props) {
  const [left, setLeft] = useState(false);
  const problem = left ? digitalAddressProblem(draft.digitalAddress) : undefined;
  return (
    <TextField
      label={t('host.gps')}
      value={draft.digitalAddress}
      onChange={(event) => onChange({ digitalAddress: event.target.value })}
      onBlur={() => setLeft(true)}
      placeholder="GA-183-8164"
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      hint={<p className="text-sm text-stone-700">{t('host.gpsHint')}</p>}
      error={problem && <KeptWhole text={translateText(problem)} />}
    />
  );
}

/** A message whose last word (here the example code) is not broken at its hyphens on a narrow screen. */
function KeptWhole({ text }: { text: string }) {
  const cut = text.lastIndexOf(' ') + 1;
  return (
    <>
      {text.slice(0, cut)}
      <span className="whitespace-nowrap">{text.slice(cut)}</span>
    </>
  );
}
