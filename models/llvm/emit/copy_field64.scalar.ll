; Copy a 64-byte field up to its NUL, as clang -O2 writes such a copy (corpus loop
; u_copy_until_zero): the character is loaded one iteration ahead and carried in c, a
; first-order recurrence the loop itself reads (stores). Written by hand from that
; output with both buffers 64 bytes (dereferenceable) and the countable exit at 64.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i64 @copy_field64(ptr noalias noundef writeonly align 1 dereferenceable(64) %dst,
                         ptr noalias noundef readonly align 1 dereferenceable(64) %src) {
entry:
  %c0 = load i8, ptr %src, align 1
  %empty = icmp eq i8 %c0, 0
  br i1 %empty, label %exit, label %loop.ph

loop.ph:
  br label %loop

loop:
  %i = phi i64 [ 0, %loop.ph ], [ %i.next, %latch ]
  %c = phi i8 [ %c0, %loop.ph ], [ %c.next, %latch ]
  %dst.i = getelementptr inbounds nuw i8, ptr %dst, i64 %i
  store i8 %c, ptr %dst.i, align 1
  %i.next = add nuw nsw i64 %i, 1
  %full = icmp eq i64 %i.next, 64
  br i1 %full, label %done, label %latch

latch:
  %src.i = getelementptr inbounds nuw i8, ptr %src, i64 %i.next
  %c.next = load i8, ptr %src.i, align 1
  %nul = icmp eq i8 %c.next, 0
  br i1 %nul, label %done, label %loop

done:
  %n = phi i64 [ 64, %loop ], [ %i.next, %latch ]
  br label %exit

exit:
  %r = phi i64 [ 0, %entry ], [ %n, %done ]
  ret i64 %r
}
