; A pointer induction, as rustc writes `slice.iter().position(|&v| v == x)`: p walks
; from data to end = data + len by 4 bytes, and p.next == end is the countable exit.
; The slice is dereferenceable for its len * 4 bytes (an assume bundle, as a front end
; that knows the slice is valid can say), so the lanes before end may be read early.
; Written by hand: clang turns such C loops into an integer index (indvars).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i64 @position_ptr(ptr noundef nonnull align 4 %data, i64 noundef %len, i32 noundef %x) {
entry:
  %bytes.n = shl nuw nsw i64 %len, 2
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %data, i64 %bytes.n) ]
  %end = getelementptr inbounds i32, ptr %data, i64 %len
  %empty = icmp eq i64 %len, 0
  br i1 %empty, label %exit, label %loop.ph

loop.ph:
  br label %loop

loop:
  %p = phi ptr [ %data, %loop.ph ], [ %p.next, %next ]
  %v = load i32, ptr %p, align 4
  %hit = icmp eq i32 %v, %x
  br i1 %hit, label %found, label %next

next:
  %p.next = getelementptr inbounds nuw i8, ptr %p, i64 4
  %done = icmp eq ptr %p.next, %end
  br i1 %done, label %none, label %loop

found:
  %p.lcssa = phi ptr [ %p, %loop ]
  %pi = ptrtoint ptr %p.lcssa to i64
  %di = ptrtoint ptr %data to i64
  %bytes = sub i64 %pi, %di
  %idx = lshr exact i64 %bytes, 2
  br label %exit

none:
  br label %exit

exit:
  %r = phi i64 [ -1, %entry ], [ %idx, %found ], [ -1, %none ]
  ret i64 %r
}

declare void @llvm.assume(i1 noundef)
