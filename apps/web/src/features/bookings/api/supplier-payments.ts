// D33's money of an inquiry's bookings: each booking's cost and the payments made to its supplier, a cost change
// with its reason, and a payment recorded or reversed. After each, the inquiry (its costs and profit move with a
// cost change; its timeline gains a line) and the Owner's "What we owe" are fetched again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingMoney, InquirySupplierPayments } from '@safarnama/contract/suppliers';
import type { PaymentMode } from '@safarnama/contract/payments-rules';
import { api } from '../../../lib/api-client';

const moneyKey = (inquiryId: string) => ['supplier-payments', inquiryId] as const;
interface MoneyAnswer {
  message: string;
  booking: BookingMoney;
}

/** Asked only once the booking's money is opened (`enabled`): the panel shows requests first. */
export const useSupplierPayments = (inquiryId: string, enabled: boolean) =>
  useQuery({
    queryKey: moneyKey(inquiryId),
    queryFn: ({ signal }) =>
      api.get<InquirySupplierPayments>(
        `/api/inquiries/${encodeURIComponent(inquiryId)}/supplier-payments`,
        undefined,
        signal,
      ),
    enabled,
  });

function useMoneyMutation<T>(inquiryId: string, call: (input: T) => Promise<MoneyAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData<InquirySupplierPayments>(moneyKey(inquiryId), (old) =>
        old
          ? { bookings: old.bookings.map((b) => (b.bookingId === answer.booking.bookingId ? answer.booking : b)) }
          : old,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
        queryClient.invalidateQueries({ queryKey: ['payables'] }),
      ]);
    },
  });
}

const bookingPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;

export const useChangeCost = (inquiryId: string) =>
  useMoneyMutation(inquiryId, ({ bookingId, cost, reason }: { bookingId: string; cost: number; reason: string }) =>
    api.put<MoneyAnswer>(`${bookingPath(bookingId)}/cost`, { cost, reason }),
  );

export interface SupplierPaymentInput {
  bookingId: string;
  amount: number;
  mode: PaymentMode;
  reference?: string | undefined;
  paidAt: string;
}
export const useRecordSupplierPayment = (inquiryId: string) =>
  useMoneyMutation(inquiryId, ({ bookingId, ...body }: SupplierPaymentInput) =>
    api.post<MoneyAnswer>(`${bookingPath(bookingId)}/payments`, body),
  );

export const useReverseSupplierPayment = (inquiryId: string) =>
  useMoneyMutation(inquiryId, ({ paymentId, reason }: { paymentId: string; reason: string }) =>
    api.post<MoneyAnswer>(`/api/supplier-payments/${encodeURIComponent(paymentId)}/reverse`, { reason }),
  );
