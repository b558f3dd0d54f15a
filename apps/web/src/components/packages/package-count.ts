// How many packages a list shows, in words: '1 package', '12 packages', '1 package matches your search'.
export function describePackageCount(count: number, searched: boolean): string {
  const packages = count === 1 ? '1 package' : `${count.toLocaleString('en-IN')} packages`;
  if (!searched) return packages;
  return `${packages} ${count === 1 ? 'matches' : 'match'} your search`;
}
