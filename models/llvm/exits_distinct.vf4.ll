; ModuleID = 'exits_distinct.scalar.ll'
source_filename = "c/exits_distinct.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @exits_distinct(ptr noundef readonly align 4 captures(none) dereferenceable(256) %0, ptr noundef readonly align 4 captures(none) dereferenceable(256) %1, i32 noundef %2, ptr noalias noundef writeonly captures(none) %3, ptr noalias noundef writeonly captures(none) %4) local_unnamed_addr #0 {
  br label %6

6:                                                ; preds = %15, %5
  %7 = phi i64 [ 0, %5 ], [ %16, %15 ]
  %8 = getelementptr inbounds nuw i32, ptr %0, i64 %7
  %9 = load i32, ptr %8, align 4, !tbaa !5
  %10 = icmp eq i32 %9, 0
  br i1 %10, label %18, label %11

11:                                               ; preds = %6
  %12 = getelementptr inbounds nuw i32, ptr %1, i64 %7
  %13 = load i32, ptr %12, align 4, !tbaa !5
  %14 = icmp eq i32 %13, %2
  br i1 %14, label %18, label %15

15:                                               ; preds = %11
  %16 = add nuw nsw i64 %7, 1
  %17 = icmp eq i64 %16, 64
  br i1 %17, label %22, label %6, !llvm.loop !9

18:                                               ; preds = %11, %6
  %19 = phi i64 [ %7, %11 ], [ %7, %6 ]
  %20 = phi i32 [ 1, %6 ], [ 2, %11 ]
  %21 = trunc nuw nsw i64 %19 to i32
  store i32 %21, ptr %3, align 4, !tbaa !5
  br label %23

22:                                               ; preds = %15
  br label %23

23:                                               ; preds = %22, %18
  %24 = phi i32 [ %20, %18 ], [ 0, %22 ]
  store i32 %24, ptr %4, align 4, !tbaa !5
  ret void
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
