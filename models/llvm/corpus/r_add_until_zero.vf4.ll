; ModuleID = 'r_add_until_zero.scalar.ll'
source_filename = "c/arith.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local range(i64 -9223372036854775808, 9223372036854775807) i64 @r_add_until_zero(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noundef readonly captures(none) %2, i64 noundef %3) local_unnamed_addr #0 {
  %5 = icmp sgt i64 %3, 0
  br i1 %5, label %6, label %21

6:                                                ; preds = %4
  br label %7

7:                                                ; preds = %12, %6
  %8 = phi i64 [ %17, %12 ], [ 0, %6 ]
  %9 = getelementptr inbounds nuw i32, ptr %1, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !5
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %19, label %12

12:                                               ; preds = %7
  %13 = getelementptr inbounds nuw i32, ptr %2, i64 %8
  %14 = load i32, ptr %13, align 4, !tbaa !5
  %15 = add nsw i32 %14, %10
  %16 = getelementptr inbounds nuw i32, ptr %0, i64 %8
  store i32 %15, ptr %16, align 4, !tbaa !5
  %17 = add nuw nsw i64 %8, 1
  %18 = icmp eq i64 %17, %3
  br i1 %18, label %19, label %7, !llvm.loop !9

19:                                               ; preds = %12, %7
  %20 = phi i64 [ %8, %7 ], [ -1, %12 ]
  br label %21

21:                                               ; preds = %19, %4
  %22 = phi i64 [ -1, %4 ], [ %20, %19 ]
  ret i64 %22
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
