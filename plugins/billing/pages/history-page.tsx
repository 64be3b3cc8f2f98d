import { AreaPage, RecentAnswers, useService } from '@core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingApi } from '../api/billing-api';
import '../components/billing.css';
import { InvoiceFilters } from '../components/invoice-filters';
import { InvoicesTable } from '../components/invoices-table';
import { InvoicesStore } from '../stores/invoices-store';

/** `/billing/history` (the default billing page): the organisation's invoices and credit notes, with their PDFs. */
const HistoryPage = observer(function HistoryPage() {
  const { t } = useTranslation('billing');
  const api = useService(BillingApi);
  const answers = useService(RecentAnswers);
  const [store] = useState(() => new InvoicesStore(api, answers));
  useEffect(() => store.start(), [store]);
  return (
    <AreaPage area="billing-area" intro={t('history.intro')}>
      <div className="billing-panel">
        <InvoiceFilters store={store} />
        <InvoicesTable store={store} />
      </div>
    </AreaPage>
  );
});
export default HistoryPage;
