import { find, get, type Schemas } from '../api';
import { useLoad } from '../load';
import { Fields, Hex, Id, Json, Optional, Page, Section, Show } from '../ui';

async function loadScript(hash: string) {
  const script = await get<Schemas['script']>(`/scripts/${hash}`);
  // Blockfrost answers `json` for native scripts and `cbor` for Plutus ones (the other is null).
  const [json, cbor] = await Promise.all([
    find<Schemas['script_json']>(`/scripts/${hash}/json`),
    find<Schemas['script_cbor']>(`/scripts/${hash}/cbor`),
  ]);
  return { script, json: json?.json ?? null, cbor: cbor?.cbor ?? null };
}

export function Script({ hash }: { hash: string }) {
  const loaded = useLoad(() => loadScript(hash), hash);
  return (
    <Page title="Script" sub={hash}>
      <Show loaded={loaded} what={`script ${hash}`}>
        {({ script, json, cbor }) => (
          <Section title="Script">
            <Fields
              rows={[
                ['Type', script.type],
                [
                  'Serialised size',
                  script.serialised_size === null ? null : `${script.serialised_size} bytes`,
                ],
              ]}
            />
            {json !== null && <Json value={json} label="Native script" />}
            {cbor && <Hex hex={cbor} label="Script CBOR" />}
          </Section>
        )}
      </Show>
      <Optional<Schemas['asset_policy']> path={`/assets/policy/${hash}?count=1`}>
        {() => (
          <Section title="Minting policy">
            <p>
              Assets were minted under this script: <Id kind="policy" id={hash} full />
            </p>
          </Section>
        )}
      </Optional>
    </Page>
  );
}
