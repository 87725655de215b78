import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type TInvoice } from '@flotte/contract/subscriptions';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { saveFile } from '../../ui/export/save-file.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { subscriptionApi, subscriptionKeys } from './subscription-api.ts';
import { INVOICE_STATUS_COLORS, invoiceFileName, isPayable } from './subscription-view.ts';

const DOWNLOADED = 'Fichier téléchargé';

export interface InvoiceHistoryProps {
  /** UPDATE_SUBSCRIPTION: 'Payer' on the invoices still payable. */
  canPay: boolean;
  onPay: (invoice: TInvoice) => void;
}

/** The park's subscription invoices, newest first (cards on a phone): the PDF of each, 'Payer' for an unpaid one. */
export function InvoiceHistory({ canPay, onPay }: InvoiceHistoryProps) {
  const { parkId } = useSession();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = useCallback(async (invoice: TInvoice) => {
    setDownloading(invoice.id);
    try {
      saveFile(await subscriptionApi.invoicePdf(invoice.id), invoiceFileName(invoice.number));
      toast.success(DOWNLOADED);
    } catch (error) {
      toastApiError(error);
    } finally {
      setDownloading(null);
    }
  }, []);

  const columns = useMemo<DataTableColumn<TInvoice>[]>(
    () => [
      { key: 'number', header: 'Numéro', card: 'title', render: (i) => <Text size="sm" fw={600}>{i.number}</Text>, cardRender: (i) => i.number },
      { key: 'created_at', header: 'Date', card: 'date', render: (i) => formatDate(i.created_at), exportValue: (i) => formatDate(i.created_at) },
      { key: 'kind_label', header: 'Objet', card: 'subtitle', render: (i) => `${i.kind_label} · ${i.plan_label}` },
      { key: 'amount', header: 'Montant', card: 'amount', align: 'right', render: (i) => <Money amount={i.amount} currency={i.currency} size="sm" /> },
      {
        key: 'status',
        header: 'Statut',
        card: 'status',
        render: (i) => (
          <Badge color={INVOICE_STATUS_COLORS[i.status]} variant="light" tt="none" data-testid="invoice-status">
            {INVOICE_STATUS_LABELS[i.status]}
          </Badge>
        ),
      },
      {
        key: 'actions',
        header: 'Actions',
        card: 'actions',
        exportable: false,
        render: (i) => (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              loading={downloading === i.id}
              onClick={() => void download(i)}
              aria-label={`Télécharger la facture ${i.number} en PDF`}
              data-testid="invoice-pdf"
            >
              PDF
            </Button>
            {canPay && isPayable(i) ? (
              <Button size="compact-sm" onClick={() => onPay(i)} aria-label={`Payer la facture ${i.number}`} data-testid="invoice-pay-open">
                Payer
              </Button>
            ) : canPay && i.status === 'pending' && i.transaction_id ? (
              <Button size="compact-sm" variant="default" onClick={() => onPay(i)} aria-label={`Suivre le paiement de la facture ${i.number}`} data-testid="invoice-follow">
                Suivre
              </Button>
            ) : null}
          </Group>
        ),
      },
    ],
    [canPay, onPay, download, downloading],
  );

  const fetchPage: DataTableFetch<TInvoice> = useCallback((query, signal) => subscriptionApi.invoices({ page: query.page, itemPerPage: query.itemPerPage }, signal), []);

  return (
    <section aria-labelledby="invoice-history-title">
      <Title order={2} fz="h4" mb="sm" id="invoice-history-title">
        Historique des factures
      </Title>
      <DataTable<TInvoice>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={subscriptionKeys.invoices(parkId)}
        searchable={false}
        defaultPageSize={10}
        emptyText="Aucune facture pour l'instant"
        minWidth={720}
        testId="invoice-history"
      />
    </section>
  );
}
