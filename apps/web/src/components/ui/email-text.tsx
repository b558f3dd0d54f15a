// An e-mail address that wraps before its '@' rather than mid-word when its column is narrow.
export function EmailText({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at <= 0) return <span className="break-all">{address}</span>;
  return (
    <span>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}
