; A nest whose outer loop calls @g (which may write @Q) after its search; the code
; before the nest tests @Q != 0, and the search's second exit divides by @Q: a test
; before the nest that a call in it may undo (the adversary's case, issue 62)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@Q = global i32 1, align 4
declare void @g()

define i32 @f(ptr noundef readonly align 4 dereferenceable(256) %p, i32 noundef %x) {
entry:
  %d0 = load i32, ptr @Q, align 4
  %z = icmp eq i32 %d0, 0
  br i1 %z, label %ret, label %outer

outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %olatch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %olatch ]
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inc ]
  %gep = getelementptr inbounds i32, ptr %p, i64 %i
  %a = load i32, ptr %gep, align 4
  %c1 = icmp eq i32 %a, %x
  br i1 %c1, label %exitL, label %second

second:
  %d = load i32, ptr @Q, align 4
  %qq = sdiv i32 1000, %d
  %qq64 = sext i32 %qq to i64
  %c2 = icmp eq i64 %qq64, %i
  br i1 %c2, label %exitL, label %inc

inc:
  %i.next = add nuw nsw i64 %i, 1
  %c3 = icmp eq i64 %i.next, 64
  br i1 %c3, label %exitL, label %inner

exitL:
  %ii = phi i64 [ %i, %inner ], [ %i, %second ], [ 64, %inc ]
  %ii32 = trunc i64 %ii to i32
  %s.next = add i32 %s, %ii32
  call void @g()
  %o.next = add nuw nsw i32 %o, 1
  %oc = icmp eq i32 %o.next, 8
  br i1 %oc, label %ret, label %olatch

olatch:
  br label %outer

ret:
  %r = phi i32 [ -1, %entry ], [ %s.next, %exitL ]
  ret i32 %r
}
