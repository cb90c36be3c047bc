; The first adjacent pair (x, y) of a[0..n), as clang -O2 writes std::adjacent-style
; code (corpus loop a_search_pair): j holds i's previous value (j = i; i = i + 1), an
; induction one step behind. Written by hand from that output, with the array known
; dereferenceable for n * 4 bytes (an assume bundle) so the lanes may be read early.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i64 @search_pair_lag(ptr noundef %a, i64 noundef %n, i32 noundef %x, i32 noundef %y) {
entry:
  %more = icmp sgt i64 %n, 1
  br i1 %more, label %loop.ph, label %exit

loop.ph:
  %bytes = shl nuw nsw i64 %n, 2
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %a, i64 %bytes) ]
  br label %loop

loop:
  %i = phi i64 [ %i.next, %latch ], [ 1, %loop.ph ]
  %j = phi i64 [ %i, %latch ], [ 0, %loop.ph ]
  %a.j = getelementptr inbounds nuw i32, ptr %a, i64 %j
  %vj = load i32, ptr %a.j, align 4
  %isx = icmp eq i32 %vj, %x
  br i1 %isx, label %second, label %latch

second:
  %a.i = getelementptr inbounds nuw i32, ptr %a, i64 %i
  %vi = load i32, ptr %a.i, align 4
  %isy = icmp eq i32 %vi, %y
  br i1 %isy, label %found, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %none, label %loop

found:
  %j.lcssa = phi i64 [ %j, %second ]
  br label %exit

none:
  br label %exit

exit:
  %r = phi i64 [ -1, %entry ], [ %j.lcssa, %found ], [ -1, %none ]
  ret i64 %r
}

declare void @llvm.assume(i1 noundef)
