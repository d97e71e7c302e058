#!/bin/sh
# Downloads one public network's cardano-node configuration into docker/config/<network>/, the
# folder compose.yml mounts into cardano-node and Ogmios. Usage: docker/fetch-config.sh preprod
#
# The environments page always serves the configuration of the latest node release; when compose.yml
# pins an older node, pass that release's files instead (CONFIG_BASE_URL=<folder URL>).
set -eu

network="${1:?usage: fetch-config.sh mainnet|preprod|preview}"
case "$network" in
  mainnet | preprod | preview) ;;
  *) echo "fetch-config.sh: unknown network '$network' (a custom network's files are copied in by hand)" >&2; exit 2 ;;
esac
base="${CONFIG_BASE_URL:-https://book.play.dev.cardano.org/environments/$network}"
dir="$(dirname "$0")/config/$network"
mkdir -p "$dir"

# config.json names the genesis files by relative path; topology.json may name peer-snapshot.json.
for file in config.json topology.json byron-genesis.json shelley-genesis.json alonzo-genesis.json conway-genesis.json; do
  curl -fsSL "$base/$file" -o "$dir/$file"
done
# Present for some networks and node releases only.
for file in peer-snapshot.json checkpoints.json; do
  curl -fsSL "$base/$file" -o "$dir/$file" 2>/dev/null || rm -f "$dir/$file"
done
echo "wrote $(ls "$dir" | wc -l) files to $dir"
