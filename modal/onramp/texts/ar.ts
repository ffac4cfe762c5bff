import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Arabic. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'شراء عملات مشفرة',
  'onramp.title.inProgress': 'الشراء قيد التنفيذ',
  'onramp.title.activity': 'المشتريات',
  'onramp.buy': 'شراء عملات مشفرة',
  'onramp.amount': 'المبلغ ({currency})',
  'onramp.currency': 'ما تشتريه',
  'onramp.method': 'طريقة الدفع',
  'onramp.method.card': 'بطاقة',
  'onramp.method.ach_bank_account': 'تحويل مصرفي',
  'onramp.provider': 'المزوّد',
  'onramp.quoting': 'جارٍ الحصول على عرض سعر…',
  'onramp.youGet': 'ستحصل على {amount} {symbol}',
  'onramp.fees': 'الرسوم {fees} {currency}، الشبكة {network} {currency}',
  'onramp.continue': 'متابعة إلى الدفع',
  'onramp.noProviders': 'لا يوجد مزوّد شراء يخدم هذه الشبكة',
  'onramp.popupBlocked': 'اسمح بالنوافذ المنبثقة لهذه الصفحة لفتح صفحة الدفع',
  'onramp.inProgress.detail': 'أكمل الشراء في نافذة الدفع. يتم التحديث عند وصول الطلب.',
  'onramp.inProgress.timeout': 'لم يصل أي طلب خلال 3 دقائق. حاول مرة أخرى.',
  'onramp.reopen': 'فتح صفحة الدفع مرة أخرى',
  'onramp.activity.empty': 'لا توجد مشتريات بعد',
  'onramp.status.IN_PROGRESS': 'قيد التنفيذ',
  'onramp.status.SUCCESS': 'مكتمل',
  'onramp.status.FAILED': 'فشل',
  'onramp.buyAgain': 'الشراء مرة أخرى',
}
