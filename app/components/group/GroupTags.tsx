import { useTranslation } from "~/lib/translation";

// The auth tag of a group (public, protected, private) and its avatar (the first letter when it has none).

export function GroupAuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation("group");
  const cls = auth === 3 ? "border-red-700 text-red-800" : auth === 2 ? "border-amber-700 text-amber-900" : "border-green-700 text-green-800";
  return (
    <span className={`inline-block rounded border px-1.5 text-xs ${cls}`} data-testid="group-auth">
      {t(`auth.${auth}`)}
    </span>
  );
}

export function GroupAvatar({ avatar, name, size = 48 }: { avatar: string | null; name: string; size?: number }) {
  if (avatar) return <img src={avatar} alt="" width={size} height={size} className="rounded object-cover" style={{ width: size, height: size }} />;
  return (
    <span aria-hidden="true" className="inline-flex items-center justify-center rounded bg-blue-700 font-semibold text-white" style={{ width: size, height: size }}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
