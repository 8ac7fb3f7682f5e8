type Props = { page: number; total: number; pageSize: number; onPage: (page: number) => void }

export function Pagination({ page, total, pageSize, onPage }: Props) {
  const pages = Math.ceil(total / pageSize)
  if (total <= pageSize) return null
  const shown = Array.from({ length: pages }, (_, index) => index + 1).filter((item) => item === 1 || item === pages || Math.abs(item - page) <= 1)
  const button = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-stone-300 bg-white px-3 text-sm disabled:opacity-50'
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      {shown.map((item, index) => (
        <span key={item} className="contents">
          {index > 0 && item - shown[index - 1]! > 1 && <span aria-hidden="true">…</span>}
          <button
            type="button"
            className={`${button} ${item === page ? 'border-teal-700 bg-teal-700 text-white' : ''}`}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        </span>
      ))}
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  )
}
