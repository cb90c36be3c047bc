; ModuleID = 'c/zero_free_prefix.c'
source_filename = "c/zero_free_prefix.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = dso_local local_unnamed_addr global [63 x i32] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @zero_free_prefix(ptr noundef writeonly captures(none) %0) local_unnamed_addr #0 {
  br label %2

2:                                                ; preds = %1, %18
  %3 = phi i64 [ 0, %1 ], [ %21, %18 ]
  %4 = icmp eq i64 %3, 0
  br i1 %4, label %18, label %5

5:                                                ; preds = %2
  br label %7

6:                                                ; preds = %18
  ret void

7:                                                ; preds = %5, %12
  %8 = phi i64 [ %13, %12 ], [ 0, %5 ]
  %9 = getelementptr inbounds nuw i32, ptr @table, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !5
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %15, label %12

12:                                               ; preds = %7
  %13 = add nuw nsw i64 %8, 1
  %14 = icmp eq i64 %13, %3
  br i1 %14, label %15, label %7, !llvm.loop !9

15:                                               ; preds = %7, %12
  %16 = phi i64 [ %3, %12 ], [ %8, %7 ]
  %17 = trunc i64 %16 to i32
  br label %18

18:                                               ; preds = %15, %2
  %19 = phi i32 [ 0, %2 ], [ %17, %15 ]
  %20 = getelementptr inbounds nuw i32, ptr %0, i64 %3
  store i32 %19, ptr %20, align 4, !tbaa !5
  %21 = add nuw nsw i64 %3, 1
  %22 = icmp eq i64 %21, 64
  br i1 %22, label %6, label %2, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!12 = distinct !{!12, !10, !11}
