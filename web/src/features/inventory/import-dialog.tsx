// Import products from CSV: a template to download, a preview with every problem per row, and then all
// products at once or none.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, DialogActions } from '@/components/ui/dialog.tsx';
import { reasonText } from '@shared/schemas/reasons.ts';
import { ApiError } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/download.ts';
import { validationMessage } from '@/lib/validation-message.ts';
import { useImportProducts } from './api/products.ts';
import { type ParsedImport, readProductsCsv, type RowProblem, templateCsv } from './csv-import.ts';
import { notifySaved, notifyError } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';

/** A row the server refused: its field and reason code (ADR 005). */
type ServerProblem = { row: number; field: string; reason: string; params?: Record<string, unknown> };

function Problems({ problems }: { problems: RowProblem[] }) {
  const intl = useIntl();
  return (
    <div className="max-h-60 overflow-auto">
      <table className="table table-sm">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="inventory.import.row" />
            </th>
            <th>
              <FormattedMessage id="inventory.import.field" />
            </th>
            <th>
              <FormattedMessage id="inventory.import.message" />
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => (
            <tr key={`${p.row}-${p.field}-${p.message}`}>
              <td>{p.row}</td>
              <td>{p.field}</td>
              <td>{validationMessage(intl, p.message)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const importProducts = useImportProducts();
  const [parsed, setParsed] = useState<ParsedImport | null>(null);
  const [serverProblems, setServerProblems] = useState<RowProblem[]>([]);
  const rows = parsed?.kind === 'rows' ? parsed.rows : [];
  const problems = parsed?.kind === 'rows' ? [...parsed.problems, ...serverProblems] : [];
  const submit = async () => {
    try {
      const result = await importProducts.mutateAsync(rows);
      notifySaved(intl, result, 'inventory.imported', { count: result?.imported ?? rows.length });
      onClose();
    } catch (e) {
      const details =
        e instanceof ApiError ? (e.details as { rows?: ServerProblem[] } | undefined) : undefined;
      if (details?.rows)
        setServerProblems(
          details.rows.map((p) => ({ row: p.row, field: p.field, message: reasonText(p.reason, p.params) })),
        );
      notifyError(intl, e);
    }
  };
  return (
    <Dialog title={t('inventory.importTitle')} onClose={onClose} wide>
      <div className="flex flex-col gap-3">
        <button
          type="button"
          className="link self-start"
          onClick={() => saveFile('products_template.csv', templateCsv())}
        >
          <FormattedMessage id="inventory.import.template" />
        </button>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            <FormattedMessage id="inventory.import.file" />
          </span>
          <input
            type="file"
            accept=".csv,text/csv"
            className="file-input file-input-bordered w-full"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setServerProblems([]);
              setParsed(file ? readProductsCsv(await file.text()) : null);
            }}
          />
        </label>
        {parsed?.kind === 'empty' && <p className="text-error">{t('inventory.import.empty')}</p>}
        {parsed?.kind === 'header' && (
          <p className="text-error">{t('inventory.import.badHeader', { columns: parsed.expected })}</p>
        )}
        {parsed?.kind === 'rows' &&
          (problems.length ? (
            <>
              <p className="text-error" role="alert">
                {t('inventory.import.problems', { count: problems.length })}
              </p>
              <Problems problems={problems} />
            </>
          ) : (
            <p className="text-success">{t('inventory.import.preview', { count: rows.length })}</p>
          ))}
        <DialogActions>
          <button type="button" className="btn min-h-11" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={!rows.length || problems.length > 0 || importProducts.isPending}
            onClick={submit}
          >
            {importProducts.isPending
              ? t('inventory.import.importing')
              : t('inventory.import.submit', { count: rows.length })}
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
