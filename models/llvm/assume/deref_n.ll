; A mismatch loop over two buffers whose size %n is known only from
; `llvm.assume` bundles "dereferenceable"(ptr, i64 %n): by LangRef the assumption is
; violated (UB) where [p, p + n) is not dereferenceable, and p + n is not taken modulo
; 2^64. deref_n.vf4.ll is opt-22's early-exit vectorization of it (regenerate.sh).
define i64 @first_difference(ptr noalias %a, ptr noalias %b, i64 %n) nofree nosync {
entry:
  call void @llvm.assume(i1 true) [ "align"(ptr %a, i64 4), "dereferenceable"(ptr %a, i64 %n) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %b, i64 4), "dereferenceable"(ptr %b, i64 %n) ]
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %next ]
  %pa = getelementptr inbounds i8, ptr %a, i64 %i
  %x = load i8, ptr %pa, align 1
  %pb = getelementptr inbounds i8, ptr %b, i64 %i
  %y = load i8, ptr %pb, align 1
  %same = icmp eq i8 %x, %y
  br i1 %same, label %next, label %done

next:
  %i.next = add i64 %i, 1
  %more = icmp ne i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %r = phi i64 [ -1, %entry ], [ %i, %loop ], [ %n, %next ]
  ret i64 %r
}

declare void @llvm.assume(i1 noundef)
